"""Sign-up posts (issue 18): "players join by posting there ("/in", "in", "[b]in[/b]", "sign me
up", "/out" to leave; quotes never count)"; "Replacements can sign up as "replacement"/"sub"."
"""

from __future__ import annotations

import pytest

from autogm.engine.orders.signup import SignupKind, read_signup

IN, OUT, SUB = SignupKind.IN, SignupKind.OUT, SignupKind.REPLACEMENT


@pytest.mark.parametrize(
    "post",
    [
        "/in",
        "in",
        "[b]in[/b]",
        "IN!",
        "sign me up",
        "Sign me up please!",
        "Count me in",
        "I'm in",
        "i’m in!",
        "/join",
        "I'd like to join",
        "Hi all!\n[b][color=red]in[/color][/b]",
    ],
)
def test_joining(post):
    found = read_signup(post)
    assert found is not None and found.kind is IN


@pytest.mark.parametrize("post", ["/out", "out", "Count me out, sorry", "I have to drop out"])
def test_leaving(post):
    found = read_signup(post)
    assert found is not None and found.kind is OUT


@pytest.mark.parametrize(
    "post",
    [
        "replacement",
        "sub",
        "/sub",
        "in as a sub",
        "Sign me up as a replacement",
        "I can sub if needed",
        "put me on the replacement list",
    ],
)
def test_replacement_offers(post):
    found = read_signup(post)
    assert found is not None and found.kind is SUB


@pytest.mark.parametrize(
    "post",
    [
        "[quote=Abs]/in[/quote]Good luck Abs!",  # quotes never count
        "Good luck everyone",
        "in the last game I was Gin",  # "in" inside a sentence
        "I'm in trouble",
        "I can't sub this time",
        "[s]/in[/s] changed my mind",
    ],
)
def test_not_a_signup(post):
    assert read_signup(post) is None


def test_the_last_signup_line_of_a_post_counts():
    found = read_signup("in!\nactually, /out")
    assert found is not None and found.kind is OUT


def test_a_choice_written_with_the_signup_is_read():
    """midnight-2023: "Specify the Open Role you want to play" at sign-up."""
    for post in ("/in as Doctor", "in: Doctor", "in (Doctor)", "Sign me up as the Doctor"):
        found = read_signup(post)
        assert found is not None and (found.kind, found.choice) == (IN, "Doctor"), post
