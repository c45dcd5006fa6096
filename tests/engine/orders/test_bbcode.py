"""Text hygiene: quotes, formatting, smilies, entities, signatures and polite filler."""

from __future__ import annotations

import pytest

from autogm.engine.orders.bbcode import (
    Filler,
    clean_and_quotes,
    clean_lines,
    clean_message,
    quotes,
    strip_filler,
    strip_quoted,
    text_quotes,
)

GM_POST = (
    "Night 2 has begun. It will end on Friday at 20:00 GMT.\n"
    "Send your orders by PM. [b]Kill Akonyl[/b] is how the Black Org orders a kill."
)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # quotes of the GM's last message, in every form phpBB 3.0-3.3 writes them
        (f"[quote]{GM_POST}[/quote]Kill Abs", "Kill Abs"),
        (f'[quote="Jd-"]{GM_POST}[/quote]\nKill Abs', "Kill Abs"),
        (f"[quote=Jd-]{GM_POST}[/quote]Kill Abs", "Kill Abs"),
        (
            f'[quote="Jd-" post_id=4811 time=1305474420 user_id=2]{GM_POST}[/quote]Kill Abs',
            "Kill Abs",
        ),
        (
            f"[quote=Jd- post_id=4811 time=1305474420 user_id=2]{GM_POST}[/quote]Kill Abs",
            "Kill Abs",
        ),
        (f"[quote=&quot;Jd-&quot;:3kd8s7a1]{GM_POST}[/quote:3kd8s7a1]Kill Abs", "Kill Abs"),
        (f"[QUOTE='Mr. Black Cat']{GM_POST}[/QUOTE]Kill Abs", "Kill Abs"),
        # nested quotes
        (
            '[quote="Jd-"]Orders?[quote="Abs"]Kill Kleene[/quote]Heal Abs[/quote]Heal Parkur',
            "Heal Parkur",
        ),
        ("[quote][quote][quote]deep[/quote][/quote][/quote]Kill Abs", "Kill Abs"),
        # text on both sides of a quote becomes two lines
        ('Hi GM[quote="Jd-"]Night 2 has begun[/quote]Kill Abs', "Hi GM\nKill Abs"),
        # unbalanced quote tags: phpBB shows them as text, so the words stay
        ("[quote]Kill Abs", "Kill Abs"),
        ("Kill Abs[/quote]", "Kill Abs"),
        ("[quote]x[/quote]Kill Abs[/quote]", "Kill Abs"),
        # formatting goes, its content stays
        (
            "[b]Arrest Abs for killing Kleene on Night 1[/b]",
            "Arrest Abs for killing Kleene on Night 1",
        ),
        ("[color=#FF0000]Kill[/color] [size=150][b]Akonyl[/b][/size]", "Kill Akonyl"),
        ("[color=red][i][u]Heal[/u][/i] Parkur[/color]", "Heal Parkur"),
        ("[b:1x2y3z4w]Kill Abs[/b:1x2y3z4w]", "Kill Abs"),
        ("[font=Comic Sans MS]Protect Conia[/font]", "Protect Conia"),
        ("[url=https://example.org/profile/7]Abs[/url] is my target", "Abs is my target"),
        ("[spoiler]Kill Abs[/spoiler]", "Kill Abs"),
        ("[spoiler=my orders]Kill Abs[/spoiler]", "Kill Abs"),
        ("[center]Night orders[/center]Kill Abs", "Night orders\nKill Abs"),
        # lists become one line per item
        ("[list][*]Kill Abs[*]Heal Kleene[/list]", "Kill Abs\nHeal Kleene"),
        ("[list=1][*]Kill Abs[/*][*]Heal Kleene[/*][/list]", "Kill Abs\nHeal Kleene"),
        ("[list:ab12cd34][*:ab12cd34]Kill Abs[/*:m:ab12cd34][/list:u:ab12cd34]", "Kill Abs"),
        # code is kept as text, tags and smilies inside it included
        ("[code]Kill [b]Abs[/b] :)[/code]", "Kill [b]Abs[/b] :)"),
        ("[code]unclosed code\nKill Abs", "unclosed code\nKill Abs"),
        # struck-through text is withdrawn
        ("[s]Kill Abs[/s] Kill Kleene", "Kill Kleene"),
        ("[strike]Heal Abs[/strike]\nHeal Conia", "Heal Conia"),
        # images, attachments and videos are not words
        ("[img]https://example.org/conan.png[/img]Kill Abs", "Kill Abs"),
        ("Kill Abs [attachment=0]proof.png[/attachment]", "Kill Abs"),
        # unknown tags are the player's words
        ("Kill [Abs]", "Kill [Abs]"),
        ("[vote]Abs[/vote]", "vote Abs"),
    ],
)
def test_clean_message_keeps_only_the_authors_words(source: str, expected: str) -> None:
    assert clean_message(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("Kill Abs :)", "Kill Abs"),
        ("Kill Abs :D :P ;) :mrgreen: :lol:", "Kill Abs"),
        (":-) Heal Parkur :-(", "Heal Parkur"),
        ("Heal Parkur ^^ <3", "Heal Parkur"),
        ("Kill Abs 😀🎉", "Kill Abs"),
        ("Heal Parkur :twisted:!", "Heal Parkur !"),
        ("Kill Abs (on Night 8)", "Kill Abs (on Night 8)"),  # "8)" is no smiley here
        ("Kill Abs:D", "Kill Abs:D"),  # glued to a word: not a smiley
        ("Kill Jd- at 20:00", "Kill Jd- at 20:00"),
        ("Observe x_pon 2 :?:", "Observe x_pon 2"),
        # the HTML forms that leak in from rendered pages
        (
            'Heal Parkur <img class="smilies" src="./images/smilies/icon_e_smile.gif" alt=":)" '
            'title="Smile">',
            "Heal Parkur",
        ),
        (
            'Kill Abs <!-- s:) --><img src="{SMILIES_PATH}/icon_smile.gif" alt=":)" /><!-- s:) -->',
            "Kill Abs",
        ),
        ("Kill Abs<br />Heal Kleene<br>Observe Conia", "Kill Abs\nHeal Kleene\nObserve Conia"),
        ("<strong>Kill</strong> <a href='x'>Abs</a>", "Kill Abs"),
        ("<blockquote><cite>Jd- wrote:</cite>Night 2</blockquote>Kill Abs", "Kill Abs"),
        ("I <3 this game, kill <Abs>", "I this game, kill <Abs>"),
    ],
)
def test_smilies_and_leaked_html_are_nothing(source: str, expected: str) -> None:
    assert clean_message(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("Kill Abs &amp; heal Kleene", "Kill Abs & heal Kleene"),
        ("Kill &quot;Jd-&quot;", 'Kill "Jd-"'),
        ("Protect Ran&#39;s lover", "Protect Ran's lover"),
        ("Kill&nbsp;Abs", "Kill Abs"),
        ("Investigate M&#252;ller", "Investigate Müller"),
        ("R&D and &para without semicolons stay", "R&D and &para without semicolons stay"),
        ("&lt;b&gt;Kill Abs&lt;/b&gt;", "Kill Abs"),
    ],
)
def test_entities_are_decoded(source: str, expected: str) -> None:
    assert clean_message(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("  Kill   Abs  \r\n\r\n\r\n\tHeal\t\tKleene  ", "Kill Abs\nHeal Kleene"),
        ("Kill\u00a0Abs\u200b", "Kill Abs"),
        ("Kill Abs\rHeal Kleene", "Kill Abs\nHeal Kleene"),
        ("Kill Abs\n-----\n***\nHeal Kleene", "Kill Abs\nHeal Kleene"),
        ("Investigate Mu\u0308ller", "Investigate Müller"),  # NFC: offsets match what is shown
    ],
)
def test_whitespace_and_lines(source: str, expected: str) -> None:
    assert clean_message(source) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("Kill Abs\n--\nAkonyl", "Kill Abs"),
        ("Kill Abs\n-- \n~Akonyl~", "Kill Abs"),
        ("Kill Abs\n__________\nAkonyl", "Kill Abs"),
        ("Kill Abs\n\nSent from my iPhone using Tapatalk", "Kill Abs"),
        ("Kill Abs\nSent from my SM-G991B using Tapatalk\n", "Kill Abs"),
        (
            "Kill Abs\nLast edited by Akonyl on May 15th, 2011, 4:47 pm, edited 1 time in total.",
            "Kill Abs",
        ),
        # never drop an order line after a sign-off
        ("Kill Abs\n--\nHeal Kleene", "Kill Abs\nHeal Kleene"),
        ("Hi GM\n--\nKill Abs\nHeal Kleene", "Hi GM\nKill Abs\nHeal Kleene"),
        # too long to be a signature
        ("Hi\n--\nA\nB\nC\nD", "Hi\nA\nB\nC\nD"),
        # "--" in the middle of a line is punctuation
        ("Kill Abs -- he is Gin", "Kill Abs -- he is Gin"),
    ],
)
def test_signatures(source: str, expected: str) -> None:
    assert clean_message(source) == expected


def test_the_caller_decides_which_signature_lines_are_orders() -> None:
    def is_order(line: str) -> bool:
        return line.split()[0].casefold() in {"travel", "kill", "heal"}

    assert clean_message("Kill Abs\n--\nTravel", keep=is_order) == "Kill Abs\nTravel"
    assert clean_message("Kill Abs\n--\nTravel") == "Kill Abs"
    assert clean_message("Kill Abs\n--\nBest regards, Akonyl", keep=is_order) == "Kill Abs"


def test_clean_lines_is_the_same_as_lines() -> None:
    source = "[b]Kill Abs[/b]\n\n[i]Heal Kleene[/i]"
    assert clean_lines(source) == ["Kill Abs", "Heal Kleene"]
    assert clean_lines("") == []
    assert clean_lines("[quote]only a quote[/quote] :)") == []


def test_a_realistic_messy_pm() -> None:
    source = (
        '[quote="Jd-" post_id=5521 time=1305500000 user_id=2]Night 3 begins. Orders by PM.\n'
        "[quote=Abs]I am town![/quote][/quote]\r\n"
        "Hi GM!! :D\r\n"
        "[b][color=#0000FF]Arrest Abs for killing Kleene on Night 1.[/color][/b]\r\n"
        "[size=85]Investigate Jd- heals Parkur.[/size] ;)\r\n"
        "[s]Kill Conia[/s]\r\n"
        "Thanks &amp; good luck :mrgreen:\r\n"
        "--\r\n"
        "Akonyl"
    )
    assert clean_lines(source) == [
        "Hi GM!!",
        "Arrest Abs for killing Kleene on Night 1.",
        "Investigate Jd- heals Parkur.",
        "Thanks & good luck",
    ]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('[quote="Abs"][vote]Kleene[/vote][/quote][b]vote: Jd-[/b]', "\n[b]vote: Jd-[/b]"),
        # a code block's content is the author's own (docs/rulings.md, "Code blocks in PMs and
        # topic posts")
        (
            "[code][vote]Kleene[/vote][/code][vote]Abs[/vote]",
            "[vote]Kleene[/vote][vote]Abs[/vote]",
        ),
        ("[s][vote]Kleene[/vote][/s] [vote]Abs[/vote]", " [vote]Abs[/vote]"),
        ("[color=red][b]VOTE Abs[/b][/color]", "[color=red][b]VOTE Abs[/b][/color]"),
    ],
)
def test_strip_quoted_keeps_formatting(source: str, expected: str) -> None:
    assert strip_quoted(source) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Hi GM! I'd like to kill Abs please. Thanks!", "kill Abs"),
        ("Hello!", ""),
        ("Thank you!", ""),
        ("thx", ""),
        ("Please kill Abs", "kill Abs"),
        ("Kill Abs please", "Kill Abs"),
        ("Kill Abs, thanks", "Kill Abs"),
        ("Kill Abs ty", "Kill Abs"),
        ("Kill Abs. Cheers", "Kill Abs."),
        ("hey gm, i'll protect Kleene tonight pls thx", "protect Kleene tonight"),
        (
            "Good evening! Order: Investigate Jd- heals Parkur. Best regards",
            "Investigate Jd- heals Parkur.",
        ),
        ("My orders for tonight: kill Abs", "kill Abs"),
        ("For tonight: heal Parkur", "heal Parkur"),
        ("Orders: kill Abs", "kill Abs"),
        ("GM: kill Abs", "kill Abs"),
        ("GM, please heal Parkur", "heal Parkur"),
        ("Dear GM, please protect me", "protect me"),
        ("Could you please kill Abs? Cheers", "kill Abs?"),
        ("I want to discombobulate Akonyl", "discombobulate Akonyl"),
        ("I will vote Abs", "vote Abs"),
        ("I'm going to stake out Abs, thank you very much GM", "stake out Abs"),
        ("Heal Abs. Have a nice day!", "Heal Abs."),
        ("Ok, kill Abs", "kill Abs"),
        # not filler: the meaning of the line
        ("Night 2: kill Abs", "Night 2: kill Abs"),
        (
            "Will: I interrogated Conia and got Black Org on Night 1.",
            "Will: I interrogated Conia and got Black Org on Night 1.",
        ),
        ("Kill Jd-", "Kill Jd-"),
        ("Kill Thank", "Kill Thank"),
        ("Travel", "Travel"),
        ("Highlight Abs", "Highlight Abs"),  # "hi" must be a whole word
        ("Kill Abs please and heal Kleene", "Kill Abs please and heal Kleene"),
        ("Investigate Kleene. Thank you gm", "Investigate Kleene."),
        ("Kill Jd-, thanks", "Kill Jd-"),
    ],
)
def test_strip_filler(line: str, expected: str) -> None:
    assert strip_filler(line) == expected


PROTECTED = Filler(["Please", "Thanks", "Thank You", "Tyler", "GM", "Cheers", "Akonyl"])


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # a player named "Thanks" is a target, not filler
        ("Kill Thanks", "Kill Thanks"),
        ("kill thanks!", "kill thanks!"),
        ("Kill Thank You", "Kill Thank You"),
        ("Protect Cheers", "Protect Cheers"),
        # a player named "Please": keep it and let the grammar refuse what is unclear
        ("Please kill Abs", "Please kill Abs"),
        ("Heal Please", "Heal Please"),
        ("Kill Abs please", "Kill Abs please"),
        # a player named "GM"
        ("GM, kill Abs", "GM, kill Abs"),
        # "ty" may be the start of Tyler
        ("Kill ty", "Kill ty"),
        # other filler still goes
        ("Hi! I'd like to kill Akonyl", "kill Akonyl"),
        ("Kill Akonyl, thx", "Kill Akonyl"),
        ("Hello, my orders: heal Tyler. Regards", "heal Tyler."),
    ],
)
def test_filler_never_removes_a_protected_name(line: str, expected: str) -> None:
    assert PROTECTED.clean(line) == expected


def test_filler_knows_the_gm_by_name() -> None:
    filler = Filler(addressees=["Jd-", "Conan GM"])
    assert filler.clean("Hi Jd-, kill Abs. Thanks Jd-!") == "kill Abs."
    assert filler.clean("Conan GM: heal Parkur") == "heal Parkur"
    assert filler.clean("Kill Jd-") == "Kill Jd-"


@pytest.mark.parametrize(
    ("line", "courtesy"),
    [
        ("Hi GM!", True),
        ("hey gm,", True),
        ("Evening", True),
        ("Good morning everyone!", True),
        ("ty", True),
        ("thanks so much", True),
        ("Hello there Jd-, thanks!", True),  # the GM by the account's name
        ("please", True),
        ("", False),
        # Words the stance may read as voiding an order, or as saying one: no courtesy.
        ("hmm", False),
        ("no", False),
        ("ok,", False),
        ("I will", False),
        ("if possible", False),
        ("good night", False),
        ("my orders:", False),
        ("hi Abs", False),
    ],
)
def test_courtesy_alone_is_greetings_thanks_and_please(line: str, courtesy: bool) -> None:
    """Filler.courtesy: a line of polite words that void nothing, which the evidence need not
    read beside an order read whole (parse.read_evidence)."""
    assert Filler(["Abs"], addressees=["Jd-"]).courtesy(line) is courtesy


def test_courtesy_keeps_a_protected_name() -> None:
    """A player named "Hey" or "Thanks" is no courtesy: the evidence reads the name."""
    assert not PROTECTED.courtesy("Thanks")
    assert not Filler(["Hey"]).courtesy("Hey GM!")
    assert PROTECTED.courtesy("hello!")


def test_filler_protection_folds_names() -> None:
    filler = Filler(["Thánks", "PLEASE"])
    assert filler.clean("Kill thanks") == "Kill thanks"
    assert filler.clean("please") == "please"


def test_every_smiley_starts_with_a_mark_the_cleaning_looks_for() -> None:
    """A text without any of ``_SMILEY_FIRST`` where a smiley can stand is not searched for
    smileys: every smiley code, and the ":name:" form, must start with one."""
    from autogm.engine.orders.bbcode import _SMILEY, _SMILEY_CODES, _SMILEY_FIRST, _SMILEY_START

    assert all(code[0] in _SMILEY_FIRST for code in (*_SMILEY_CODES, ":name:"))
    assert set(_SMILEY_START.pattern[1:8]) == set(_SMILEY_FIRST)
    for text in (":D", "x :D", "x\n:D", "x:D", "(:D", "8-) x", "a8-)"):
        assert (_SMILEY_START.search(text) is None) == (_SMILEY.search(text) is None), text
    assert clean_message("vote Abs :D") == "vote Abs"
    assert clean_message("vote Abs 🙂\u200b") == "vote Abs"


def _characters(parsed: object) -> tuple[set[str], set[object]]:
    """The characters a parsed pattern can match, and the categories (\\s, \\w) it matches,
    lookbehinds left out (they match nothing of the phrase)."""
    import re._constants as c

    chars: set[str] = set()
    categories: set[object] = set()
    for op, av in parsed:  # type: ignore[attr-defined]
        if op is c.LITERAL:
            chars.add(chr(av))
        elif op is c.IN:
            sub_chars, sub_categories = _characters(av)
            chars |= sub_chars
            categories |= sub_categories
        elif op is c.CATEGORY:
            categories.add(av)
        elif op is c.RANGE:
            chars.update(chr(i) for i in range(av[0], av[1] + 1))
        elif op is c.SUBPATTERN:
            sub_chars, sub_categories = _characters(av[-1])
            chars |= sub_chars
            categories |= sub_categories
        elif op is c.BRANCH:
            for branch in av[1]:
                sub_chars, sub_categories = _characters(branch)
                chars |= sub_chars
                categories |= sub_categories
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
            sub_chars, sub_categories = _characters(av[2])
            chars |= sub_chars
            categories |= sub_categories
        elif op is c.ASSERT_NOT and av[0] < 0:
            continue  # the lookbehind before the phrase
        else:
            assert op is c.AT, op  # "$"
    return chars, categories


@pytest.mark.parametrize("addressees", [(), ("Jd-", "Conan GM", "(Mod)")])
def test_a_trailing_phrase_holds_only_the_characters_its_search_skips_to(
    addressees: tuple[str, ...],
) -> None:
    """``Filler`` searches an ASCII line for trailing filler only after the last character
    that no phrase (and no punctuation after it) can hold: every character of the pattern
    must be among them, in either case, and every category a space."""
    import re
    import re._constants as c
    import re._parser as parser

    filler = Filler(addressees=addressees)
    chars, categories = _characters(parser.parse(filler._trail.pattern, re.IGNORECASE))
    holds = filler._trail_holds
    assert all(ch.lower() in holds and ch.upper() in holds for ch in chars if ch.isascii())
    assert categories <= {c.CATEGORY_SPACE}
    assert all(ch in holds for ch in " \t\n\r\f\v\x1c\x1d\x1e\x1f")  # what \s is in ASCII


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Kill P03 thanks!", "Kill P03"),
        ("Kill P03, thank you so much game master please.", "Kill P03"),
        ("Heal Abs-2 good night everyone", "Heal Abs-2"),
        ("Kill Thánks please", "Kill Thánks"),
        ("Heal Kleene ſee ya", "Heal Kleene"),  # "ſ" is an s to a case-insensitive match
        ("vote Abs", "vote Abs"),
    ],
)
def test_trailing_filler_after_any_character(line: str, expected: str) -> None:
    assert strip_filler(line) == expected


def test_trailing_filler_with_the_gm_named() -> None:
    filler = Filler(addressees=["(Mod)"])
    assert filler.clean("Kill P03 thanks (Mod)") == "Kill P03"


def test_each_lead_phrase_starts_only_with_the_letters_it_is_tried_for() -> None:
    """``Filler`` tries a line's leading filler only against the phrases that can start with
    its first letter: each phrase's letters must hold every letter it can start with."""
    from autogm.engine.orders import bbcode
    from autogm.engine.orders.grammar import first_letters

    address = bbcode._ADDRESS
    phrases = [
        (bbcode._GREETING.format(address=address), bbcode._GREETING_STARTS),
        (address, bbcode._ADDRESS_STARTS),
        (bbcode._PLEASE, bbcode._PLEASE_STARTS),
        (bbcode._THANKS.format(address=address), bbcode._THANKS_STARTS),
        (bbcode._INTENT, bbcode._INTENT_STARTS),
        (bbcode._LABEL, bbcode._LABEL_STARTS),
        (bbcode._INTERJECTION, bbcode._INTERJECTION_STARTS),
    ]
    for pattern, letters in phrases:
        starts = first_letters(pattern)
        assert starts is not None and starts <= set(letters), pattern


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Conan GM: heal Parkur", "heal Parkur"),
        ("conan gm, heal Parkur", "heal Parkur"),
        ("ſo, heal Parkur", "heal Parkur"),  # "ſ" is an s to a case-insensitive match
        ("My orders: heal Parkur", "heal Parkur"),
        ("Ok heal Parkur", "Ok heal Parkur"),  # an interjection needs a mark after it
        ("- heal Parkur", "- heal Parkur"),
    ],
)
def test_leading_filler_by_first_letter(line: str, expected: str) -> None:
    assert Filler(addressees=["Conan GM", " 9lives"]).clean(line) == expected


@pytest.mark.parametrize(
    "protected",
    [
        ["P01", "P34", "P49"],
        ["Please", "Thanks", "Thank You", "Tyler", "GM", "Cheers", "Akonyl"],
        ["Ty", "Ple Ase", "a.b", "Jd-", "you"],
    ],
)
@pytest.mark.parametrize(
    "line",
    [
        "observe age p34 please",
        "Investigate P42 kills P02, P26 kills P49 thanks!",
        "Kill Thank You",
        "kill ple ase",
        "Heal Tyler ty",
        "Hi GM, I'd like to kill Akonyl",
        "kill p01please",
        "Vote a.b thank you gm",
        "Kill you please",
    ],
)
def test_the_cheap_protection_test_agrees_with_reading_word_by_word(
    protected: list[str], line: str
) -> None:
    """``Filler._inside_no_name`` clears a phrase without reading the line word by word only
    where no protected name overlaps it, and gives the words inside it as that reading does:
    for every span of whole characters of the line."""
    from autogm.engine.orders.folding import word_spans

    filler = Filler(protected)
    spans = word_spans(line)
    for start in range(len(line)):
        for end in range(start + 1, len(line) + 1):
            inside = filler._inside_no_name(line, start, end)
            if inside is not None:
                assert not filler._name_overlaps(spans, start, end), (line[start:end], protected)
                assert inside == [key for key, s, e in spans if s >= start and e <= end]


def test_a_tag_ends_at_the_first_bracket_after_its_name() -> None:
    """``_TAG`` reads the attribute greedily; it must find the very tags, names and closing
    marks that a lazy attribute finds, over every sequence of four of these pieces."""
    import itertools
    import re

    from autogm.engine.orders.bbcode import _TAG

    lazy = re.compile(
        r"\[(?P<close>/)?(?P<name>\*|[a-z][a-z0-9]*)(?::[a-z](?=[:\]]))?"
        r"(?P<attr>[=\s][^\[\]\n]*?)?(?::[0-9a-z]{5,8})?\]",
        re.IGNORECASE,
    )
    pieces = ["[", "]", "[/", "b", "Quote", "=", '"x y"', ":", "u:", "abc12", " ", "\n", "*"]
    pieces += ["ſ", "[b:1a2b3c]", "-"]
    for n in range(1, 5):
        for parts in itertools.product(pieces, repeat=n):
            text = "".join(parts)
            found = [(m.span(), m["close"], m["name"]) for m in _TAG.finditer(text)]
            assert found == [(m.span(), m["close"], m["name"]) for m in lazy.finditer(text)], text


def test_an_ascii_line_has_a_word_where_stripping_all_else_stops() -> None:
    """``clean_lines`` tells an ASCII line with a letter or digit by stripping every other
    ASCII character from its ends: the same answer as ``_has_word``, for every character."""
    from autogm.engine.orders.bbcode import _ASCII_NO_WORD, _has_word

    for i in range(128):
        for line in (chr(i), f"-- {chr(i)} !", f"{chr(i)}{chr(i)}"):
            assert bool(line.strip(_ASCII_NO_WORD)) == _has_word(line), repr(line)


@pytest.mark.parametrize(
    "source",
    [
        " Kill Abs \n\n heal Kleene",
        "Kill Abs\n \nVote Kleene ",
        "Kill  Abs\tnow\n\x0bheal",
        "vote Abs\n--\nAbs",
        "vote Abs\n__\nsent from my phone",
        "vote Abs\n~~ Abs\nmy sig here",
        "vote Abs\n—\nAbs",
    ],
)
def test_lines_are_tidied_and_signed_off_alike_on_every_path(source: str) -> None:
    """``clean_lines`` trims a text of single spaces and no control character line by line
    without ``_tidy_line``, and looks for a sign-off only in a text that holds one of their
    marks: what it keeps is what the line by line reading keeps."""
    from autogm.engine.orders.bbcode import (
        _SIGN_OFF_FIRST,
        _drop_signature,
        _has_several_words,
        _has_word,
        _is_boilerplate,
        _tidy_line,
    )

    assert set("-_~—") == _SIGN_OFF_FIRST
    lines = [t for line in source.split("\n") if (t := _tidy_line(line))]
    lines = _drop_signature(lines, _has_several_words)
    expected = [line for line in lines if _has_word(line) and not _is_boilerplate(line)]
    assert clean_lines(source) == expected


@pytest.mark.parametrize("addressees", [(), ("Jd-", "Conan GM", " 9lives")])
def test_a_line_is_not_tried_for_leading_filler_where_no_phrase_can_start(
    addressees: tuple[str, ...],
) -> None:
    """``Filler`` skips a line's leading filler when no phrase, marked or not, can start with
    its first character."""
    filler = Filler(addressees=addressees)
    assert bool(filler._no_lead) == (not addressees)  # " 9lives" may start anything
    for first in filler._no_lead:
        for lead in (filler._lead, filler._lead_unmarked):
            assert not lead._by_letter[first], first
    assert filler.clean("Vote Abs, thanks") == "Vote Abs"


def test_quotes_are_looked_for_only_where_a_quote_tag_is() -> None:
    """``quotes`` cuts a message into tokens only when a [quote] tag is in it, in any case."""
    assert quotes("[b]Vote Abs[/b] [vote]Kleene[/vote]") == []
    assert quotes('[QUOTE="Abs"]heal me[/QUOTE] no') == [("Abs", "heal me")]


def test_text_quotes_need_a_line_that_ends_in_a_colon() -> None:
    """A quote written as text is led in by a line that ends in a colon ("Lark wrote:"): a
    reporting word elsewhere ("Will: he said he was town") leads none in."""
    text = "Will: he said he was town\nVote Abs"
    assert text_quotes(text) == (text, [])
    own, found = text_quotes("Lark wrote:\nheal Zoë\n\nVote Abs")
    assert (own, found) == ("\nVote Abs", [("Lark", "heal Zoë")])


@pytest.mark.parametrize(
    ("source", "author"),
    [
        ("[quote=Old Crow]Vodka, trick Bea. tonight.[/quote]fyi GM", "Old Crow"),
        ("[quote=Mint Leaf]heal me[/quote]", "Mint Leaf"),
        ('[quote="Old Crow" post_id=1 time=2]trick Bea.[/quote]', "Old Crow"),
        ("[quote=Jd- post_id=4811 time=1305474420 user_id=2]Kill Abs[/quote]", "Jd-"),
        ("[quote=Jd-:3kd8s7a1]Kill Abs[/quote:3kd8s7a1]", "Jd-"),
    ],
)
def test_a_quote_names_its_author_of_several_words(source: str, author: str) -> None:
    """Blind round 9: "[quote=Old Crow]Vodka, trick Bea. tonight.[/quote]" is Old Crow's
    order, quoted; a bare name of several words is the author's whole name, and a post's
    attributes ("post_id=1") are no part of it."""
    assert [who for who, _ in clean_and_quotes(source)[1]] == [author]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Blind round 13 (the multitasker): a sender who steps away mid-message and comes back.
        ("investigate:\nbrb\nok back. Abs kills Kleene", "investigate:\nAbs kills Kleene"),
        ("detect\nsorry delivery guy\nSherry", "detect\nSherry"),
        ("one sec!\nheal Abs", "heal Abs"),
        ("sry was driving, catching up\nvote Abs", "catching up\nvote Abs"),
        ("vote:\nI'm back. Abs", "vote:\nAbs"),
        ("brb. heal Abs", "brb. heal Abs"),  # one line: nothing between a head and its detail
        # Near misses: the words in an order, and a player named like the remark.
        ("hold on to the gun", "hold on to the gun"),
        ("back Abs up tonight", "back Abs up tonight"),
        ("sorry, Doorbell", "sorry, Doorbell"),
        ("sorry, heal Abs", "sorry, heal Abs"),
    ],
)
def test_remarks_of_stepping_away_are_left_out(text: str, expected: str) -> None:
    assert Filler(protected=["Abs", "Kleene", "Doorbell"]).without_away(text) == expected


def test_every_remark_of_stepping_away_holds_one_of_its_gate_words() -> None:
    """``Filler.without_away`` reads only a text that holds one of ``_AWAY_WORDS``: each
    remark does, and a cause is one only after an apology, which does."""
    from autogm.engine.orders import bbcode

    for said in bbcode._AWAY | bbcode._APOLOGIES:
        assert any(word in said for word in bbcode._AWAY_WORDS), said
