"""A refusal quotes the player's own words: "an order that cannot be understood gets a reply
that quotes it and says why" (the developers' brief). The reader writes a formal document's
defined terms out as the players they stand for ("the undersigned" as "I", "the Defendant" as
the player it was defined as) to read it; the reply still quotes what the player wrote
(the corpus: tests/engine/orders/corpus/dctp-2011-talk-that-decides-nothing.yaml)."""

from autogm.engine.orders.defined import as_written


def test_a_quote_of_words_written_out_is_given_in_the_senders_words() -> None:
    written = "The undersigned inclines toward healing Conia; order to follow."
    out = "I inclines toward healing Conia; order to follow."
    assert as_written("I inclines toward healing Conia;", out, written) == (
        "The undersigned inclines toward healing Conia;"
    )
    assert as_written("order to follow.", out, written) == "order to follow."


def test_a_quote_not_found_whole_is_given_as_it_is() -> None:
    assert as_written("Kill Pip. (revokes)", "Kill Pip. I revokes", "Kill Pip. He revokes") == (
        "Kill Pip. (revokes)"
    )

