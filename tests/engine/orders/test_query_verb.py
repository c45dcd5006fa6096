"""The verb an investigated action is restated with (``Grammar.query_verb``)."""

from autogm.engine.families.dctp.reading import dialect

G = dialect().grammar


def test_an_action_is_restated_with_its_own_verb():
    assert G.query_verb("kill") == "kills"
    assert G.query_verb("heal") == G.words.verbs["heal"]


def test_a_verb_that_reads_as_the_ability_it_stands_beside_is_written_as_the_ability():
    # APTX's "poisons" reads as Poison, the ability the same keyword stands for: "Abs aptx
    # Kleene", not "Abs poisons Kleene", which would be read again as a Poison.
    assert G.words.verbs["aptx"] == "poisons"
    assert "poison" in G.alternates["aptx"]
    assert G.query_verb("aptx") == "aptx"


def test_an_ability_with_no_verb_is_written_as_itself():
    assert G.query_verb("no_such_ability") == "no_such_ability"
    # Asked again, the same answer (kept per ability).
    assert G.query_verb("aptx") == G.query_verb("aptx")
