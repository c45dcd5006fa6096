"""The classes of phrases that stand around orders, defined once: politeness, thanks, the
player's own voice, time words, and the phrases that change what an order means (a negation,
a withdrawal, a condition, a hedge, a doubt, a question, someone else's words, a later phase).

Each class is a tuple of phrases (regular expressions, matched case-insensitively as whole
words); ``pattern`` joins one or more classes into one expression. The readers build their
patterns from these, so that a new polite word or a new way of hedging is added once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any, cast

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.grammar import Gate, gate_keys, may_hold, stems_tell

POLITE = ("please", "pls", "plz", "plox", "kindly")
THANKS = ("thanks", r"thank\s+(?:you|u)", "thx", "thanx", "ty", "tyvm", "cheers", "ta")
# The player speaking of their own order: "I'll", "I want to", "let me", "we're gonna".
OWN_VOICE = (
    r"i\s*['’]?\s*ll", r"i\s+will", r"i\s+shall", r"i\s*['’]?\s*m", r"i\s+am", r"i\s*['’]?\s*d",
    r"i\s+would", r"i\s+want\s+to", r"i\s+wanna", r"i\s+wish\s+to", r"i\s+choose\s+to",
    r"i\s+decided?\s+to", r"i\s+plan\s+to", r"i\s+intend\s+to", r"i\s+(?:would|'d)\s+like\s+to",
    r"let\s+me", r"we\s*['’]?\s*ll", r"we\s+will", r"we\s*['’]?\s*re", r"we\s+are", "we",
    r"gonna", r"going\s+to", "i",
)  # fmt: skip
# A Japanese honorific written after a player's name ("Rook-kun", "Ran-chan"): part of the
# name as written, no word of its own.
HONORIFIC = r"-(?:kun|chan|san|sama|senpai|sensei|dono|tan|chin|nee|nii)(?![\w'’-])"
# "tonight", "today", "this night" (non-native), "now": the phase the order is for.
NOW = (
    "tonight", "tonite", "2nite", "today", "now", r"this\s+(?:night|day|phase|time|round|evening)",
    r"right\s+now", r"for\s+now", r"for\s+tonight", r"for\s+today",
)  # fmt: skip
# A later phase: an order for it is not an order for this one.
LATER = (
    "tomorrow", r"tmrw", r"next\s+(?:night|day|phase|round|time|turn)", "later",
    r"another\s+(?:night|day)", r"some\s+other\s+(?:night|day)",
    r"(?:the\s+)?(?:night|day|morning|phase)\s+after\s+(?:this(?:\s+one)?|tonight|today)",
    # ... but not a duration, which is how long the order acts, not when it is carried out:
    # "lends the bow-tie for the duration of the coming Night", "throughout the following day",
    # a loan's term ("lend the watch to anyone for one night"): "entrust my watch to Quill for
    # the coming night".
    r"(?<!duration\sof\s)(?<!duration\sof\sthe\s)(?<!throughout\s)(?<!throughout\sthe\s)"
    r"(?<!for\s)(?<!for\sthe\s)"
    r"(?:the\s+)?(?:following|coming)\s+(?:night|day|phase)",
    # The next phase as an event to come: "come nightfall", "once night falls".
    r"come\s+(?:nightfall|night|dusk|sundown|sunset|morning|daybreak|dawn|sunrise)",
    # ... in the languages players mix in: Spanish "mañana", "más tarde", German "nachher",
    # French "demain", "plus tard", Italian "domani", Japanese "ashita"; each spelled out, so
    # that the class's gate keys are whole words (not "später": its key would be "ter").
    "mañana", "manana", r"más\s+tarde", r"mas\s+tarde", "nachher", "demain",
    r"plus\s+tard", "domani", r"(?:mata\s+)?ashita",
    r"(?:when|once|after|as\s+soon\s+as)\s+(?:the\s+)?(?:next\s+)?(?:night|day)"
    r"\s+(?:falls|comes|breaks|starts|begins|arrives)",
    # A time to come set by no phase: "at some point", "someday", "eventually", "one of these
    # nights", "in the future", "some day" (a wish for then is no order for now); not "one day",
    # whose "one" is in every other message (``gated``: each class runs on a text that holds
    # one of its phrases' words).
    r"at\s+some\s+(?:point|stage)(?!\s+(?:tonight|today|this\s+(?:night|day|phase)))",
    r"some\s?day", "eventually",
    r"one\s+of\s+these\s+(?:days|nights)", r"in\s+the\s+future",
)  # fmt: skip
# An ability kept for later, not used: "saving my bribe for a rainy day", "holding on to the
# watch", "keeping my charm".
WITHHOLD = (
    r"sav(?:e|es|ing)\s+(?:my|our|the)", r"keep(?:s|ing)?\s+(?:my|our|the)",
    r"hold(?:s|ing)?\s+(?:on\s+to\s+|onto\s+)?(?:my|our|the)",
    r"sit(?:ting)?\s+on\s+(?:my|our|the)",
    r"reserv(?:e|ing)\s+(?:my|our|the)", r"conserv(?:e|ing)\s+(?:my|our|the)",
)  # fmt: skip
# What an ability kept is kept for: "for a rainy day", "for later", "for another night".
KEPT_FOR = (
    r"for\s+(?:a\s+)?rainy\s+day", r"for\s+later", r"for\s+(?:another|a\s+later|the\s+right)\s+\w+",
    r"for\s+when\s+it\s+matters", r"for\s+(?:now|the\s+moment)", r"until\s+(?:later|the\s+endgame)",
    r"for\s+the\s+endgame", r"till\s+later",
    r"until\s+(?:the\s+)?(?:evening|deadline|end\s+of\s+(?:the\s+)?day|tomorrow|morning)",
    r"in\s+reserve", r"up\s+my\s+sleeve",
)  # fmt: skip
# What an ability kept at hand is kept for: used, as a weapon held ready is ("keeping the
# sawed-off under the counter tonight", "keeping my shotgun loaded").
READY = (
    "ready", r"at\s+the\s+ready", "loaded", "cocked", "primed", "handy", r"at\s+hand",
    r"within\s+reach", r"close\s+by", r"by\s+my\s+side", r"on\s+me", r"under\s+the\s+\w+",
    r"behind\s+the\s+\w+", r"in\s+my\s+lap", r"on\s+my\s+lap",
)  # fmt: skip
# Thanks for something done, or a word about its result: "thanks for the heal", "the heal
# result", "how did my interrogation go".
ABOUT_DONE = (
    r"thanks\s+for", r"thank\s+(?:you|u)\s+for", r"thx\s+for", r"ty\s+for", r"grateful\s+for",
    r"appreciate",
    # A deed done before the order, in its participle: "Having considered the costumes offered".
    r"having\s+(?:[a-z]+ed|seen|heard|read|thought|taken|given|been|done|made|known)",
    # A deed remembered, the order's word just after the verb of memory: "I recall protecting
    # Juniper last spring", "I remember my heal on Abs", "fondly recalling the kill on Rook"
    # (not "remember to heal Abs": a reminder of a deed to come).
    r"(?:recall|remember|recollect|reminisce\s+about|think\s+back\s+(?:to|on))(?:s|ed|ing)?"
    r"\s+(?!to\s)(?:[\w'’]+\s+)?$",
)  # fmt: skip
# A word of praise or blame right before a deed's noun: the deed judged, done by someone
# ("great job", "nice hit last night", "sloppy kill", "well done on the heal"). Not the words
# of how to do it ("Clean job, no witnesses" is the order).
JUDGED = (
    "great", "good", "nice", "excellent", "brilliant", "awesome", "amazing", "fantastic",
    "superb", "solid", "lovely", "terrific", "impressive", "sloppy", "poor",
    "terrible", "awful", "lousy", "botched", r"well\s+done\s+on\s+the", r"good\s+work\s+on\s+the",
    r"hell\s+of\s+a", r"what\s+a",
)  # fmt: skip
# The reason given after an order: what it says is told, not ordered ("vote Mochi, because he
# pushed the lynch on Fenn", "heal Abs since Kleene will kill him").
REASON = ("because", "cuz", "cause", "coz", "bc", "since")
# The noun after an ability's word that makes it a word about what it did: "the heal result",
# "vote count pls?".
RESULT_NOUNS = ("results?", "reports?", "feedback", "outcome", "news", "answer", "verdict",
                "counts?", "tall(?:y|ies)", "totals?")  # fmt: skip
# A negation of the order beside it: "don't heal", "no kill from me", "skipping detect".
NEGATION = (
    "not", "no", "don['’]?t", r"do\s+not", "won['’]?t", r"will\s+not", "never", "without",
    r"skip(?:ping|ped)?", r"instead\s+of", r"not\s+gonna", r"not\s+going\s+to", "nobody",
    "nothing", "neither", r"hold\s+off\s+on", r"refrain\s+from", "nah", r"rather\s+not",
    # The one not chosen of two: "first aid rather than investigation", "in preference to".
    r"rather\s+than", r"in\s+preference\s+to", r"in\s+lieu\s+of", r"as\s+opposed\s+to",
)  # fmt: skip
# A withdrawal of what was said before: "scratch that", "never mind".
WITHDRAWAL = (
    r"(?:scratch|scrap|strike)\s+that", r"never\s*mind", "nvm",
    # ... and the sender's words unsaid: "forget I spoke", "forget what I just said".
    r"forget\s+(?:it|that|this|(?:what\s+)?i\s+(?:just\s+)?(?:said|spoke|wrote|asked))",
    # ... and an earlier message disowned: "ignore my previous PM", "disregard my first one".
    r"disregard(?:\s+(?:that|this|my\s+(?:last|previous|earlier|first|other)(?:\s+\w+)?))?",
    r"ignore\s+(?:that|this|my\s+(?:last|previous|earlier|first|other)(?:\s+\w+)?)",
    # A word of cancelling that is all its message says: "cancel", "aborted" (followed by
    # anything it is an order's own: "cancel Lynz's vote"). Not "void": the withdrawal steps'
    # gate finds its words inside others, and "avoid" is common talk.
    r"(?:cancel(?:l?ed)?|abort(?:ed)?|withdrawn)(?=\W*$)",
    r"actually\s+no(?:pe)?", r"actually\s+nah", r"on\s+second\s+thought",
    # ... in the sender's running narration too: "cancelling that", "taking it back".
    r"(?:cancel(?:l?ing)?|withdraw(?:ing)?|retract(?:ing)?|rescind(?:ing)?|revok(?:e|ing))"
    r"\s+(?:that|it)(?!\s+(?:\w+ed|was|is|will)\b)",
    r"(?:take|taking|took)\s+(?:that|it)\s+back",
    # "...wait no." said alone at the end of its line: the line before unsaid.
    r"wait[\s,.!…]+(?:no|nope|nah)(?=[\s.!…]*(?:$|\n))",
    # ... and the order's own "don't" after a sound of stopping: "HEAL OPAL — NO WAIT, DON'T,
    # SHE'S FINE", "detain Rue... wait, don't!" ("don't heal him" is a negated order, and "I
    # don't." a reply: neither is this).
    r"(?:(?:no|wait|nah|nope|actually)[\s,.!…—–-]+)+don['’]?t(?=\s*(?:$|\n|[!.,;…—–-]))",
    r"i(?:['’]ve|\s+have)?\s+changed\s+my\s+mind",
    # ... said by the sender alone, not of what changed it ("mitsu's post changed my mind").
    r"(?<![^\W\d_]\s)changed\s+my\s+mind",
    r"change\s+of\s+(?:plans?|mind)",
    # The sender's own order named and taken back: "scratch my vote", "cancel my heal",
    # "withdraw my last order", "take back my vote"; in a formal hand: "(the undersigned)
    # hereby withdraws the instruction in clause 1".
    r"(?:scratch|scrap|cancel|withdraw|retract|rescind|revoke|countermand|undo|strike|forget"
    r"|ditch|nix|call\s+off|(?:withdraw|retract|rescind|revoke|countermand|cancel)s)"
    r"\s+(?:my|the|our|that|this|said|tonight['’]?s|today['’]?s)"
    r"\s+(?:(?:last|above|previous|earlier|foregoing|aforesaid|said)\s+)?"
    # ... not the word the sender forgets: "sorry I forget the word", "I forget the name".
    r"(?!(?:word|name|term|title|spelling)s?(?![\w'’]))\w+",
    r"take\s+back\s+my\s+\w+", r"take\s+my\s+\w+\s+back",
    # A joke owned up to: "heal Lynz jk", "just kidding, no heal tonight"; sarcasm tagged as
    # such: "vote Haze. /s".
    "jk", r"j/k", r"/s", r"just\s+kidding",
    r"(?:i['’]?m\s+)?(?:only\s+|just\s+)?(?:kidding|joking)",
    # ... in the languages players mix into their English, declared once here with the
    # others: German "doch nicht", "vergiss es", "lass es"; Dutch "toch niet", "laat maar";
    # Spanish "olvídalo", "mejor no", "déjalo"; French "laisse tomber", "oublie ça";
    # Italian "lascia perdere"; Japanese "yappari yameru", "yameru", "yappari nashi".
    r"doch\s+nicht", r"vergiss\s+(?:es|das)", r"lass\s+(?:es|das)(?:\s+sein)?", r"toch\s+niet",
    r"laat\s+maar", r"olv[ií]d(?:alo|elo|a\s+eso)", r"mejor\s+no", r"d[ée]jalo", r"laisse\s+tomber",
    r"oublie\s+(?:ça|ca|cela)", r"lascia\s+(?:perdere|stare)", r"yappari\s+(?:yameru|yamete|nashi)",
    r"yame(?:ru|masu|ta|tokou|toku)", r"torikeshi(?:masu)?",
)  # fmt: skip
# What makes a word of withdrawal take its own object, not the order before: "never mind
# what Grace said", "disregard the rumours", "forget about her claim".
WITHDRAWAL_OF_OTHER = (
    r"the", r"what", r"about", r"how", r"his", r"her", r"their", r"those", r"these", r"all",
    r"any", r"whatever", r"who", r"why", r"where", r"a", r"an", r"everyone", r"everything",
)  # fmt: skip
# The sender's decision still to come, said of the order itself (not of a will, a claim or a
# result): "I'll decide later", "will confirm tomorrow", "I'll sleep on it", "send the real
# order later tonight", "I'll send something when I've decided", "order to follow".
UNDECIDED = (
    r"(?:i\s*['’]?\s*ll|i\s+will|will|gonna|going\s+to|i\s+shall|let\s+me|i\s+need\s+to|i\s+have\s+to)"
    r"\s+(?:(?:still|just|probably|only|actually|properly)\s+)?"
    r"(?:(?:decide|confirm|finali[sz]e)(?=\s*(?:$|[.!,;:~…)\-–—]|later|tomorrow|tmrw|soon|in\s+a\s+bit"
    r"|when|once|after|on|about|whether|which|who|what|if\s+i|it|this|that|ne|tho|though|lol))"
    r"|make\s+up\s+my\s+(?:own\s+)?mind|make\s+my\s+(?:own\s+)?mind\s+up|sleep\s+on\s+it)",
    r"decid(?:e|ing)\s+(?:(?:on|about)\s+(?:it|this|that)\s+)?(?:later|tomorrow|tmrw|soon|afterwards)",
    r"(?:send|post|pm|submit|put\s+in|lock\s+in)\s+(?:(?:the|my|an?|our)\s+)?"
    r"(?:(?:real|actual|final|proper|official|definitive)\s+)?"
    r"(?:orders?|actions?|decision|pick|choice|something)\s+(?:(?:over|in)\s+)?"
    r"(?:later|tomorrow|tmrw|soon|in\s+a\s+(?:bit|while)|when|once|after)",
    r"(?:(?:real|actual|final|proper|official|definitive)\s+)?(?:orders?|actions?|decision)"
    r"\s+(?:to\s+follow|tbd|pending|(?:coming\s+)?later)",
    r"(?:when|once|after|until)\s+i\s*(?:['’]\s*ve|\s+have)?\s+(?:decided|made\s+up\s+my\s+(?:own\s+)?mind"
    r"|made\s+my\s+(?:own\s+)?mind\s+up)",
)  # fmt: skip
# The sender saying they send no order this phase: "no action from me tonight", "submits no
# instruction herewith", "don't expect anything from me", "sitting this one out".
NONE_GIVEN = (
    r"(?:submit(?:s|ting)?|send(?:s|ing)?|giv(?:e|es|ing)|issu(?:e|es|ing)|mak(?:e|es|ing))\s+no"
    r"\s+(?:actions?|orders?|instructions?|moves?)",
    r"not\s+(?:submitting|sending|giving|issuing|making|placing|putting\s+in)\s+(?:an?\s+|any\s+)?"
    r"(?:actions?|orders?|instructions?|moves?)",
    r"nothing\s+from\s+me", r"no\s+(?:action|order|move)s?\s+from\s+me",
    r"don['’]?t\s+expect\s+(?:anything|any\s+actions?|an\s+order|any\s+orders?)(?:\s+from\s+me)?",
    # ... its words are the gate's keys (``PhraseClass``): "sit", not "this" or "night".
    r"sit(?:ting)?\s+(?:[^\W\d_]+\s+){1,2}out",
    r"(?:doing|do)\s+nothing\s+(?:tonight|today|this\s+(?:night|day|phase))",
    r"not\s+(?:acting|doing\s+anything)\s+(?:tonight|today|this\s+(?:night|day|phase))",
    r"taking\s+(?:the|this)\s+(?:night|day|phase)\s+off",
)  # fmt: skip
# A decision put off, UNDECIDED's kind in words of its own: a class apart, so that its rarer
# words ("wait", "later", "hold") gate it apart from the common ones of the others.
PUT_OFF = (
    # The sender waiting for what the decision needs: "Waiting for Boss input", "I'll wait for
    # proof", "still waiting on the leader's call" (not on a player's claim or a result: what
    # an order is given to see).
    r"wait(?:s|ing)?\s+(?:for|on)\s+(?:[^\W\d_]+(?:['’]s?)?\s+){0,2}?(?:proof|more|input|info"
    r"|information|intel|confirmation|evidence|word|instructions?|orders|go-?ahead|green\s+light"
    r"|signal|consensus|call|decision|direction|guidance|data|details)",
    # ... or the thought put away for a later phase: "logging for later", "noted for later",
    # "filing this away for later".
    # ... ending its sentence (not "noting it for later: Lynz talks too much", a note's label).
    r"(?:logg|not|fil|park|shelv|bookmark)(?:ing|ed)\s+(?:(?:it|this|that)\s+)?(?:away\s+)?for\s+later"
    r"(?=[ \t]*(?:$|[.!;…)\n]))",
    # ... or the order held back: "I'll hold off", "holding off for now" (not "hold off on the
    # heal": a negation of the word after it, NEGATION).
    r"hold(?:ing)?\s+off(?!\s+on)",
    # ... or a template or draft kept, not sent: "saving my template for later:", "not sending
    # yet", "draft, not submitting this yet" (ending its clause: "saving it for later means
    # never using it" weighs the choice).
    r"sav(?:e|es|ed|ing)\s+(?:(?:it|this|that|these|my\s+[^\W\d_]+)\s+)?for\s+later"
    r"(?=[ \t]*(?:$|[.!;:…)\n]))",
    r"not\s+(?:sending|submitting|posting|locking)\s+(?:(?:it|this|that|these|anything)\s+)?"
    r"(?:in\s+)?yet",
)  # fmt: skip
# No order sent, NONE_GIVEN's kind, said as the sender's rest (gated apart, as PUT_OFF is).
RESTING = (
    # The sender resting: "I'll stop and rest tonight", "I'm resting this night" (not "I rest
    # my case", "resting my hopes on Abs"); in their own voice, which undecided.py reads before
    # it (the word first, so that "arrest" does not open the gate).
    r"rest(?:ing)?(?=\s*(?:$|[.!,;…]|tonight|today|this\s+(?:night|day|phase)|for\s+(?:now|tonight)))",
)  # fmt: skip
# The sender's own ability named and said to be unused, its word after these: "I'm not wasting
# a bullet tonight", "not using my heal", "won't be spending my charm".
NOT_SPENT = (
    r"(?:not|never|won['’]?t\s+be|won['’]?t)\s+(?:wasting|using|spending|burning|firing|wast"
    r"e|use|spend|burn|fire)\s+(?:a|an|my|the|any|one|our)",
)  # fmt: skip
# A correction of a detail just written, the later one standing: "two nights ago... er, last
# night I mean", "Night 2, sorry, Night 1".
CORRECTION = (
    r"i\s+mean", r"i\s+meant", r"err*m?", r"uhm*", r"umm*", "sorry", "wait", "actually",
    r"make\s+(?:it|that)", "rather", "correction", "oops", r"no\s+no",
)  # fmt: skip
# A precaution: "in case". After an order it is the order's reason, which conditions nothing
# ("heal Lynz in case he gets attacked", "play misere, just in case they lock me up");
# opening its sentence it conditions the order after it ("In case Abs is dead, heal
# Kleene"), unless what it fears is no event (``COURTESY_IF``: "just in case, heal Lynz").
# Every reader that meets "in case" reads it so (engine/orders/stance.py, reader.py, parse.py).
PRECAUTION = (r"in\s+case", "incase")
# A condition written as an inversion, in formal English: "Were I to search X, ...", "were
# I forced to vote", "should he claim, ..." (not "had I known": a past that did not happen).
INVERTED = (
    r"were\s+(?:i|we|you|u|he|she|they)(?:\s+\w+)?\s+to",
    r"should\s+(?:he|she|they|someone|somebody|anyone|anybody)\s+(?!not\b)\w+",
    # ... a player named as its subject, a verb after: "should Corvina claim Cop".
    r"should\s+(?!I\b)(?-i:[A-Z])[\w'’-]*\s+(?-i:[a-z])\w+",
)  # fmt: skip
# A condition in a formal hand: "provided that", "conditional upon his not claiming", "in the
# event that", "subject to", "on condition that" (not "subject to the rules": no event).
FORMAL_CONDITION = (
    r"provided(?:\s+that)?", r"providing\s+that",
    r"(?:conditional|contingent|conditioned)\s+(?:up)?on",
    r"in\s+the\s+event\s+(?:that|of)", r"on\s+(?:the\s+)?condition\s+that",
    r"subject\s+to(?!\s+(?:the\s+)?(?:rules?|game|ruleset|limits?)\b)",
)  # fmt: skip
# A condition in the languages players mix into their English: Spanish and French "si",
# "solo si", "seulement si", German "wenn", "falls", "nur wenn", Japanese "moshi". "Falls"
# is also an English verb, a condition only before the subject or the "not" that opens its
# clause ("falls er claimt"); a bare "si", also a name and a yes, is SI_CONDITION's.
FOREIGN_CONDITION = (
    # (Spelled out word by word, so that the class's gate keys are "solo", "nur", not "si".)
    r"(?:pero\s+)?solo\s+si", r"(?:pero\s+)?solamente\s+si", r"(?:mais\s+)?seulement\s+si",
    r"(?:aber\s+)?nur\s+wenn", r"(?:aber\s+)?nur\s+falls",
    "wenn", r"falls\s+(?:er|sie|es|du|ich|wir|ihr|der|die|das|nicht|man|kein\w*)(?![\w'’])",
    r"moshi(?!\s+moshi)",
)  # fmt: skip
# ... and "si" before its clause's subject, its verb or its "no", a word between for the
# subject named ("si Abs no claimea"); not "Si no matter what", "Si and no one else". Read
# only where a condition stands, at a fragment's start or after its order (parse.py,
# reader.py), not in the class over a whole message: its key "si" is in most messages.
SI_CONDITION = (
    r"si\s+(?:(?:[\w'’-]+\s+)?(?:es|est[áa]|no)|ella|[ée]l|ellos|ellas|tiene|hay|il|elle|ils"
    r"|elles|on|c['’]est|n['’]\w+|ne|je|tu)(?![\w'’])"
    r"(?!\s+(?:matter|doubt|one|more|longer|way|idea|clue|need|rush)(?![\w'’]))",
)  # fmt: skip
# A condition: "if she claims", "unless he is confirmed", "only if".
CONDITION = (
    "if", "unless", *PRECAUTION, *INVERTED, *FORMAL_CONDITION, *FOREIGN_CONDITION,
    r"as\s+long\s+as", r"only\s+if",
    "assuming", r"depending\s+on",
    # A time that is an event still to come: "after you answer", "once she claims", "as soon
    # as they reply" (not a past one: "when they asked him").
    r"(?:after|once|as\s+soon\s+as|when|until|till)\s+(?:(?:you|u|they)\s+(?!\w+ed\b)\w+"
    r"|(?:he|she)\s+(?!was\b)\w+s"
    # ... or the sender's own, done first: "once I've reread the thread".
    r"|i\s*['’]?\s*ve\s+\w+|i\s+have\s+\w+)",
)  # fmt: skip
# The main clause of a condition, which ends the condition's reach: after the condition's
# own words, a subject opens its clause, with or without a comma ("If he flips town we lose",
# "if it lands, it ends the game"), not one inside the condition ("if Abs and he ...", "if
# Abs is what I said", "as long as he lives").
MAIN_CLAUSE = (
    r"\S[^,;:.!?\n]*?(?:,\s*|\s)(?:then\s+)?"
    r"(?<!\band\s)(?<!\bor\s)(?<!\bbut\s)(?<!\bthat\s)(?<!\bwhat\s)(?<!\bwho\s)"
    r"(?<!\bwhen\s)(?<!\bif\s)(?<!\bwhom\s)(?<!\bas\s)(?<!\bcase\s)(?<!\bonce\s)"
    r"(?<!\bunless\s)(?<!\bafter\s)(?<!\buntil\s)(?<!\btill\s)(?<!\bassuming\s)"
    r"(?<!\bprovided\s)(?<!\bon\s)"
    # The subject, its contraction typed with or without the apostrophe ("shes", "im"; not
    # those that are words of their own: "were", "ill", "its", "well", "shell").
    r"(?:(?:i|we|he|she|they|you|u|it)(?:['’]\w+)?|im|ive|hes|shes|theyre|theyve|theyll"
    r"|youre|youve|youll|weve)\s",
)
# A condition with its own main clause after it, someone else's deed to come: it conditions
# that clause, not the order said before it ("I'm protecting Verity — if the noose comes for
# her it will have to come through me", "guarding him; should anyone try, they'd regret it").
CONSEQUENCE = (
    r"(?:if|unless|should)\s+[^,;.!?]*?[\w'’](?:\s*[,;]\s*(?:then\s+)?|\s+)"
    r"(?:it|they|he|she|you|someone|somebody|anyone|anybody|nobody|no\s+one|everyone|whoever)"
    r"(?:['’](?:ll|d)|\s+(?:will|would|shall|must|(?:have|has|need|needs)\s+to))(?![\w'’])",
)  # fmt: skip
# A courtesy shaped as a condition, which conditions nothing: "if possible", "if you can".
COURTESY_IF = (
    r"if\s+possible", r"if\s+(?:you|u|ya)\s+can",
    r"if\s+(?:that|it)\s*['’]?s\s+(?:ok|okay|alright|fine|allowed|possible)",
    r"if\s+(?:that|it)\s+is\s+(?:ok|okay|alright|fine|allowed|possible)",
    r"if\s+i['’]?m\s+wrong", r"if\s+i\s+am\s+wrong", r"if\s+(?:you|u)\s+(?:please|would)",
    # A doubt of the order's form, the GM asked to say so: "if that's wrong just tell me", "if
    # this isn't allowed let me know", "if I did it wrong".
    r"if\s+(?:(?:that|this|it)\s*(?:['’]?s|\s+is|\s+was|\s+isn['’]?t)\s+(?:wrong|not\s+(?:allowed"
    r"|right|how\s+it\s+works)|allowed|invalid|a\s+mistake)|i\s+(?:did|got|wrote)\s+(?:it|this|that)"
    r"\s+wrong)",
    # A request's politeness: "if you'd be so kind", "if you don't mind", "if it's no trouble".
    r"if\s+(?:you|u)\s*['’]?d\s+(?:be\s+so\s+(?:kind|good)|oblige|not\s+mind)",
    r"if\s+(?:you|u)\s+(?:would\s+be\s+so\s+(?:kind|good)|don['’]?t\s+mind|wouldn['’]?t\s+mind)",
    r"if\s+(?:it|that)\s*['’]?s\s+(?:no|not\s+too\s+much)\s+trouble",
    r"if\s+(?:it|that)\s+(?:is|isn['’]?t)\s+(?:no|too\s+much)\s+trouble",
    # What a protection is for, said as an "if": it conditions nothing ("first aid if anything
    # happens", "just in case").
    r"(?:just\s+)?(?:if|in\s+case|incase)\s+(?:anything|something)\s+(?:bad\s+)?happens",
    r"just\s+in\s+case(?:\s*[,.!;:)-]|\s*$)",
    # ... in the languages players mix in: "wenn möglich", "si es posible", "si possible",
    # "moshi yokereba" (if it suits you).
    r"(?:wenn|falls|si|se)\s+(?:(?:es|est|è)\s+)?(?:m[öo]glich|possible|posible|possibile)",
    r"moshi\s+yokereba",
)  # fmt: skip
# A hedge between choices: "or", "either", "whichever".
HEDGE = ("or", "either", "whichever", r"or\s+maybe", "alternatively", r"or\s+else", "otherwise")
# A remark that leaves the choice between the sender's own lines open: a copied PM or notes
# with two lines of one order kept ("forgot to delete one", "one of these is from my draft",
# "left both in", "can't remember which"). Which line is played, the GM cannot tell.
LINES_LEFT = (
    r"one\s+of\s+(?:these|those|them|the\s+two)",
    # ... not which one: "forgot to delete the first one" says which line stands.
    r"forgot\s+to\s+(?:delete|remove|erase|cut|strike|take\s+out)\s+(?:one|either|the\s+old\s+one)",
    r"(?:left|kept|leaving|keeping|copied|pasted)\s+(?:them\s+|these\s+|the\s+)?both",
    r"both\s+(?:lines\s+)?(?:are\s+)?still\s+(?:there|in)",
    r"(?:can['’]?t|cannot|don['’]?t|do\s+not)\s+(?:remember|recall|tell)\s+which",
    r"(?:not\s+sure|no\s+idea|unsure)\s+which", "whichever",
    r"you\s+(?:pick|choose|decide)", r"your\s+(?:call|choice|pick)",
)  # fmt: skip
# A doubt in the languages players mix into their English: Spanish "tal vez", "quizás",
# German "vielleicht", French "peut-être", Italian "forse", Japanese "kamo (shirenai)"
# (ending its sentence: "Kamo" may be a name). Not the asking "kana?", which asks what a
# detection answers as often as it doubts ("Detect Eri, iru kana?").
FOREIGN_DOUBT = (
    r"tal\s+vez", "quizás", "quizas", "quiza", "quizá", "talvez", "vielleicht",
    r"peut[\s-]*[êe]tre", "forse",
    r"kamo(?:\s+shirenai|\s+ne)?(?=\s*(?:$|[.?!~…,]))",
)  # fmt: skip
# A doubt: "maybe", "not sure", "idk".
DOUBT = (
    "maybe", "perhaps", r"not\s+(?:100\s*%\s+)?sure", "unsure", "idk", "dunno",
    r"i\s+don['’]?t\s+know", "might", r"might\s+be", r"thinking\s+(?:about|of)", "considering",
    r"was\s+going\s+to", r"was\s+gonna", r"torn\s+between", r"can['’]?t\s+decide",
    r"not\s+certain", r"on\s+the\s+fence", r"leaning\s+towards?", "probably", "likely", "undecided",
    r"before\s+i\s+commit", r"haven['’]?t\s+decided", r"not\s+decided",
    *FOREIGN_DOUBT,
)  # fmt: skip
# A feeling about doing it, right before the order's word: "scared to tommy-gun Sunny D",
# "nervous about using the gun on Velvet", "hesitant to protect Lark", "I hesitate to". It
# says the deed is weighed, not decided (a fear of a player, "she scares me", or a formal
# regret, "I'm afraid I must", is no such feeling: nothing governs the order's word).
FEAR = (
    "scared", "afraid", "frightened", "terrified", "nervous", "worried", "anxious", "wary",
    "hesitant", "reluctant", "loath", "loathe", "uneasy", r"hesitat(?:e|es|ing)",
    r"(?:i|we)\s+fear", r"(?:i|we)\s+dread",
)  # fmt: skip
# A second question about the order said just before, opened by "or": it asks whether to
# do it and offers no other choice ("FA Pip tonight? or is that a waste", "charm Will? or
# would it be too early", "protect Abs? or too obvious?").
ASKS_OF_IT = (
    r"or\s+(?:is|was|would|will|could|does|isn['’]?t|wouldn['’]?t|won['’]?t|doesn['’]?t)"
    r"\s+(?:that|it|this)",
    r"or\s+(?:that|it)\s*['’]\s*(?:s|d|ll)",
    r"or\s+(?:is\s+(?:that|it)\s+)?(?:too\s+\w+|pointless|useless|a\s+waste|overkill|dumb|silly"
    r"|stupid|bad|not\s+worth\s+it)",
)  # fmt: skip
# A question whether to do it, asked of the GM: "should I", "can I", "is it ok to".
ASKING = (
    # A modal put before the sender, as a question is: "should I", "ought I to", "must we"
    # (not "do I": "when do I get the answer" asks of something else).
    r"(?:should|shall|can|could|may|might|must|ought)\s+(?:i|we)", r"am\s+i\s+allowed",
    r"is\s+it\s+(?:ok|okay|allowed|possible|smart|wise|a\s+good\s+idea)",
    r"would\s+it\s+be\s+(?:ok|okay|smart|wise|bad|a\s+good\s+idea|a\s+waste)",
    r"do\s+you\s+think", r"what\s+do\s+you\s+think", r"worth\s+it", r"good\s+idea",
    r"is\s+that\s+(?:ok|okay|smart|wise|too\s+obvious|a\s+waste)",
    # A rules question: "does a lawsuit work on ...", "would a house search on Sable be smart",
    # "what happens if", "how does ... work".
    r"does\s+(?:\w+\s+){1,4}work", r"do\s+(?:\w+\s+){1,4}work", r"how\s+does",
    r"what\s+happens\s+(?:if|to|when)",
    r"would\s+(?:\w+\s+){1,6}?be\s+(?:ok|okay|smart|wise|bad|good|better|worth|a\s+good\s+idea"
    r"|a\s+waste|too\s+\w+)", r"is\s+(?:\w+\s+){1,4}?(?:worth\s+it|a\s+good\s+idea|smart|wise)",
    r"what\s+would\s+you\s+do", r"any\s+advice", r"is\s+it\s+legal", r"am\s+i\s+able\s+to",
    # Whether it would have any effect: "would frightening Clove even do anything?".
    r"(?:would|will|does|do|could|can)\s+(?:\w+\s+){1,5}?(?:even\s+)?(?:do\s+anything"
    r"|do\s+something|help|matter|change\s+anything|make\s+a\s+difference|achieve\s+anything)",
)  # fmt: skip
# A question whether, its verb first and a "?" at its end: "is lending my watch to Hope
# smart, or pointless?", "would a heal on Abs even land?" (not a request of the GM's: "could
# you heal Abs?"; a query's own question, "does Abs kill Kleene?", is the query's).
WHETHER = (
    "is", "are", "was", "would", "should", "shall", "could", "can", "may", "might", "must",
    "does", "do", "did", "will", r"isn['’]?t", r"wouldn['’]?t", r"shouldn['’]?t",
)  # fmt: skip
# The sender about to ask: "I", "let me", "I need to", "I'll".
_ASKER = (
    r"(?:i|we|let\s+me|lemme)(?:\s*(?:will|['’]ll|want\s+to|wanna|need\s+to|must|have\s+to"
    r"|gotta|should|would\s+like\s+to|['’]d\s+like\s+to))?"
)
# An order held back until a question is answered: "i want give the watch to Élodie but first
# i ask", "planning to kill Lumen, but let me ask first", "I'd like to heal Abs, but before
# that I have a question", "wait, first tell me if heals stack". The order waits for the
# answer: it is not given yet.
ASKED_FIRST = (
    rf"first[\s,:]+(?:{_ASKER}\s+)?ask",
    r"first[\s,:]+(?:tell\s+(?:me|us)|let\s+(?:me|us)\s+know)",
    rf"{_ASKER}\s+ask(?:\s+(?:you|u|something|a\s+thing))*\s+first",
    r"first[\s,:]+(?:a|one)\s+(?:quick\s+|small\s+)?q(?:uestion)?",
    r"(?:a\s+|one\s+)?(?:quick\s+|small\s+)?question\s+first",
    r"before\s+(?:that|(?:i|we)\s+(?:send|submit|confirm)\s+(?:it|this|that|anything))[\s,:]+"
    rf"(?:(?:a|one)\s+(?:quick\s+)?question|i\s+(?:have|got)\s+a\s+(?:quick\s+)?question"
    rf"|{_ASKER}\s+ask)",
)  # fmt: skip
# A whole message of questions, which orders nothing: "just asking", "hypothetically", "quick
# q", "asking about Vex", "asking before I heal Orla" (a question about the rules, its order
# still to come).
ONLY_ASKING = (
    r"just\s+asking", r"only\s+asking", r"asking\s+for\s+a\s+friend", "hypothetically",
    r"in\s+theory", r"before\s+i\s+use\s+it", r"rules?\s+q(?:uestion)?s?",
    r"quick\s+q(?:uestion)?s?",
    # ... the sender asking, not someone they tell of ("he keeps asking about jail").
    r"(?:i['’]?m\s+|am\s+)?(?<!\bkeeps\s)(?<!\bkept\s)(?<!\bis\s)(?<!\bwas\s)(?<!\bwere\s)"
    r"(?<!\bare\s)(?<![’']s\s)(?<![’']re\s)(?<!\bbeen\s)"
    r"asking\s+(?:about|before|since|because|re|regarding|in\s+case)",
    r"question\s+(?:about|on|regarding)\s+(?:the\s+)?rules?",
    *ASKED_FIRST,
)  # fmt: skip
# What is only imagined, not done: "imagine sniping Quill", "picture me healing Abs", "what if
# I searched Vex's house". Not "pretend": a Black Suitcase's fake order is one ("pretend I'm
# healing Kettle").
IMAGINED = (
    r"imagin(?:e|ing)", r"pictur(?:e|ing)", r"suppos(?:e|ing)", r"what\s+if",
    r"dream(?:ing)?\s+(?:of|about)", r"fantasi[sz](?:e|ing)\s+about", r"how\s+funny",
    r"would(?:n['’]?t|\s+not)\s+it\s+be", r"wouldn['’]?t\s+that\s+be", r"in\s+another\s+life",
    # A wish for what is not so ("I wish my vote counted extra", "I wish I had a double
    # vote"); "I wish to vote Abs" is the formal order, and is no such wish.
    r"(?:i|we)\s+(?:just\s+|really\s+|so\s+|sure\s+do\s+)?wish(?:ed)?(?!\s+to\b)",
)  # fmt: skip
# The word for an ability, talked of as a word: "I think it's called autopsy?", "my thing is
# called smear?", "is that the right name?". What follows names the ability; it neither asks
# whether to use it nor orders it.
NAMING = (
    r"(?:it|that|this|my\s+(?:thing|ability|action|power|role\s+action))\s*(?:['’]s|\s+is)"
    r"\s+(?:(?:probably|maybe|actually)\s+)?called",
    r"(?:is\s+(?:it|that)|was\s+it)\s+called",
    r"(?:the\s+)?(?:word|name)\s+is",
    r"called\s+(?:it\s+)?(?:something\s+like|like)",
)
# A story from another game: what the sender did there is told, not ordered ("in my last
# game i put a Gin in detention", "back in my previous round I healed the cop every night").
OTHER_GAME = (
    r"(?:in|from|during|back\s+in)\s+(?:my|our|the|a|one|that|an)\s+(?:last|previous|other|old"
    r"|older|earlier|past|first|another)\s+(?:game|round|match)s?",
    r"(?:in|from|during)\s+another\s+(?:game|round)", r"reminds\s+me\s+of",
    r"(?:in|back\s+in)\s+(?:round|game)\s+\d+",
)  # fmt: skip
# A prediction or a theory of what will happen, before what it foretells: "My theory: the Org
# kills Cordelia tonight", "I predict Abs gets lynched", "calling it now: ...". What follows is
# foretold, not ordered (a bet is read where its "we'll" is: ``stance._thought_of``).
FORETOLD = (
    r"(?:my|the|a|one|fan)\s+(?:(?:fan|wild|crazy|pet|tinfoil)\s+)?(?:theory|theories|prediction"
    r"|predictions|hunch|speculation|forecast|prophecy|guess)", r"i\s+predict",
    r"calling\s+it(?:\s+now)?",
    r"mark\s+my\s+words", r"(?:just\s+)?speculating", r"i\s+(?:have\s+a|got\s+a)\s+feeling",
)  # fmt: skip
# Sarcasm that mocks an order instead of giving it: "Oh sure, let's all vote Haze. That went
# SO well last game.", "yeah right, kill Lynz". Said in the order's sentence or the next two
# (the mocking follow-up). Sarcasm tagged "/s" takes the order back, as "jk" does.
MOCKING = (
    r"yeah\s+right", r"oh\s+sure", r"oh\s+yes,?\s+let['’]?s", r"sure\s+thing,?\s+genius",
    r"(?:that|this|it)\s+(?:went|worked(?:\s+out)?|turned\s+out|ended)\s+(?:so|real|really|super"
    r"|sooo+|oh\s+so)\s+well",
    r"(?:brilliant|genius|great|fantastic|wonderful|amazing|stellar|flawless)\s+(?:plan|idea"
    r"|strategy|logic)(?:\s*,\s*|\s+)(?:everyone|everybody|guys|folks|team|all|y['’]?all|town)",
    r"what\s+could\s+(?:possibly\s+)?go\s+wrong", r"because\s+that\s+(?:always|never\s+fails"
    r"|totally)\s+works?", r"said\s+no\s+one\s+ever",
)  # fmt: skip
# A retort that takes back the order just said, as the whole of what follows it: "Vote Haze.
# Yeah right, as if.", "Kill Conia... NOT!", "heal Abs. yeah, no", "in your dreams". Read only
# as a sentence (or a comma's tail) of its own after an order: "not" and "as if" inside a
# sentence are other words.
RETORT = (
    r"yeah\s+right", r"as\s+if", "not", r"yeah\s*,?\s*no", r"in\s+your\s+dreams", r"dream\s+on",
    r"fat\s+chance", "psych", "sike", r"(?:lol|lmao|haha\w*)\s+no", r"not\s+happening",
    r"when\s+pigs\s+fly", r"not\s+in\s+a\s+million\s+years",
    r"like\s+(?:that|it)\s*(?:['’]?d|\s+would|\s+will|['’]?ll)\s+ever\s+happen",
)  # fmt: skip
# What the sender says their role lets them do, before the verb that tells it: "I think I can
# save someone", "I get to pick people", "my role lets me scare someone", "Us Detective Boys
# can guess". A description of an ability, not an order of it; the order may point back at it
# ("I'd like to do that to Abs") or say its verb again ("I'd like to pick A, B, C and D").
ABLE = (
    r"(?:i|we)\s+(?:can|get\s+to|am\s+able\s+to|am\s+allowed\s+to)",
    r"(?:i['’]m|we['’]re|we\s+are)\s+(?:able|allowed)\s+to",
    r"(?:lets|allows)\s+(?:me|us)(?:\s+to)?",
    r"us\s+[^\W\d_]+(?:\s+[^\W\d_]+)?\s+can",
)  # fmt: skip
# What the sender says they hold, right before the ability's word: "i'm Megure and i have
# house search, nice role", "I've got the watch btw", "my role comes with a heal". A role
# claim, not an order (not "I have to heal Abs": an order, with its "to").
HOLDS = (
    r"(?:i|we)\s+(?:have|got|own|hold|possess)", r"(?:i|we)['’]ve(?:\s+got)?",
    r"(?:i|we)\s+have\s+got",
    r"(?:my|our)\s+role\s+(?:has|gives\s+(?:me|us)|comes\s+with)",
)  # fmt: skip
# Anyone at all, the object of a description of what the sender can do: "I can heal one
# person a night", "my role lets me protect someone".
ANYONE = ("someone", "somebody", "anyone", "anybody", "people", "players", r"other\s+people",
          r"(?:a|one|another|any)\s+(?:other\s+)?(?:person|player)")  # fmt: skip
# A request to the GM, which is an order: "could you heal", "can you", "please".
REQUEST = (r"could\s+(?:you|u)", r"can\s+(?:you|u)", r"would\s+(?:you|u)", r"will\s+(?:you|u)",
           *POLITE)  # fmt: skip
# Someone else's words: "Abs said", "he told me", "Ink wrote:".
REPORTED = (
    "said", "says", r"told\s+me", r"tells\s+me", "wrote", "writes", r"asked\s+me", "posted",
    r"wants\s+me\s+to", r"wanted\s+me\s+to", "suggested", "suggests",
    # ... but a claim of who one is reports no words ("not who she claims to be").
    r"claim(?:s|ed)?(?!\s+to\s+be\b)", r"according\s+to",
    # Where words were said, only when the words follow ("Lumen in the thread: vote Abs"); else
    # it is a place ("Rose looked so pale in the thread today, heal her").
    r"in\s+(?:the\s+|our\s+)?(?:thread|chat|topic|discord)(?=\s*[:\"“«„])",
    r"(?:messag|text|whisper)(?:ed|es|s)\s+me", r"sen(?:t|ds)\s+me", r"[pd]m['’]?(?:e?d|s)\s+me",
    r"wr(?:ote|ites)\s+(?:to\s+)?me",
    # An order someone else will send, in its own words: "Ōtsuki will send 'Kill Søren'".
    r"(?:send|sends|sending)(?=\s*[\"“«„'‘])",
    # A message's words set out as an exhibit: "a PM from Pip, which reads in full: ...",
    # "his note read as follows: ..." ("reads" only before the words: "Abs reads town" is a
    # player's look), "quoting Pip: ...".
    r"(?:reads|read)(?:\s+(?:in\s+full|verbatim|as\s+follows))?(?=\s*[:\"“«„])",
    r"quoting", r"(?:message|pm|dm|note|letter)\s+from",
    # Others' words going round: "ppl saying vote Boxcar", "everyone's saying".
    r"(?:ppl|people|peeps|folks|everyone|everybody|they|others|some)(?:\s*['’]s|\s+are|\s+keep)?"
    r"\s+saying",
)  # fmt: skip
# Whose words an order in quotation marks is, in the rarer ways: as typed or as they went,
# right before them ('I typed "heal Ines" in the thread', 'Haze went "protect Lark"'), or in
# the verb of saying of a language players mix in: Spanish "me dijo", French "a dit", German
# "sagte", Italian "ha detto", Portuguese "disse", Japanese "... tte itteta" (the quotative
# after the words). Read with ``REPORTED`` only beside a quotation mark, where an order is
# quoted: most messages hold none, and pay nothing for these.
QUOTING = (
    r"(?:typed|went|goes)(?=\s*[\"“«„‘])",
    "dijo", "escribió", r"a\s+dit", r"a\s+écrit", "sagte", "schrieb", r"hat\s+gesagt",
    r"ha\s+detto", r"ha\s+scritto", "disse",
    r"(?:tte|to)\s+(?:it(?:te|ta|teta|teru|tta)|iu|iwareta|kai(?:te|ta|teta))",
)  # fmt: skip
# A verb of saying that closes someone's words told before it, as a tag: '"Kill Bean," she
# says', "that's what Mark said", "he begged me".
SPEECH_TAG = (
    "says", "said", r"told\s+(?:me|us)", r"tells\s+(?:me|us)", "wrote", "writes",
    r"asked(?:\s+me)?", "asks", r"begged(?:\s+me)?", "begs", "insisted", "insists", "demanded",
    "demands", "whispered", "whispers", "ordered", r"wrote\s+(?:to\s+)?me",
)  # fmt: skip
# Someone else than the sender doing it: "someone lynch him", "you guys should vote".
OTHERS = ("someone", "somebody", "anyone", "anybody", "everyone", "everybody", r"you\s+guys",
          r"y['’]?all", "people", "ppl", "peeps", "folks",
          "they", "he", "she", r"the\s+town", "others", "town")  # fmt: skip


# The other players addressed as a crowd: "vote accordingly, peasants", "go vote Möwe,
# people". An order told to them is a call on them, not the sender's own (not the sender's
# own team, "kill Abs, boys", whose order the sender gives).
CROWD = ("people", "ppl", "peeps", "folks", "peasants", "everyone", "everybody", r"y['’]?all",
         r"you\s+all", r"all\s+of\s+you", "town", "townies", r"towns?folk", "villagers",
         "citizens", r"ladies\s+and\s+gentlemen")  # fmt: skip


# The sender counted among those told: "everyone vote Möwe, me included", "all of us,
# myself too". The call on others is also the sender's own order.
SENDER_TOO = (r"(?:me|myself)\s+(?:included|too|as\s+well)", r"including\s+(?:me|myself)",
              r"(?:me|myself)\s+(?:first|among\s+them)")  # fmt: skip


# The closed class of talk: mental, speech and opinion words. A sentence that holds one says
# something about a player, not a deed on them, unless an order's own word says the deed.
TALK_WORDS = (
    r"think(?:s|ing)?", r"thought", r"suspect(?:s|ed|ing)?", r"sus(?:sy)?", r"trust(?:s|ed|ing)?",
    r"believe(?:s|d)?", r"like(?:s|d)?", r"love(?:s|d)?", r"hate(?:s|d)?", r"hope(?:s|d|ful)?",
    r"hoping", r"wonder(?:s|ed|ing)?", r"feel(?:s|ing)?", r"felt", r"say(?:s|ing)?", r"said",
    r"tell(?:s|ing)?", r"told", r"know(?:s|ing)?", r"knew", r"guess(?:es|ed|ing)?",
    r"bet", r"doubt(?:s|ed|ing)?", r"claim(?:s|ed|ing)?", r"vouch(?:es|ed|ing)?",
    r"root(?:s|ed|ing)", r"cheer(?:s|ed|ing)?", r"pray(?:s|ed|ing)?", r"sorry", r"glad",
    r"happy", r"proud", r"scum(?:my)?", r"scummy", r"town(?:ie|y)?", r"suspicious",
    r"sketchy", r"shady", r"fishy", r"innocent", r"guilty", r"lol", r"lmao", r"agree(?:s|d)?",
    r"seem(?:s|ed)?", r"look(?:s|ed)?\s+like", r"acting", r"rumou?r", r"congrat\w*", r"gg",
    # Someone else's wish ("the thread wants me on Mariana"), never the sender's own deed.
    r"want(?:s|ed)",
    r"welcome", r"good\s+luck", r"shout\w*", r"props", r"kudos",
    # A judgement spoken of a player, the speech act its own deed: "I accuse Abs", "I declare
    # Abs the killer", "I pronounce him guilty" (no heal of Abs, whatever the sender holds).
    r"accus(?:e|es|ed|ing)", r"declar(?:e|es|ed|ing)", r"pronounc(?:e|es|ed|ing)",
    r"denounc(?:e|es|ed|ing)", r"blam(?:e|es|ed|ing)", r"reckon(?:s|ed|ing)?",
    # A formal document's: "the Court notes that ...", "the Claimant avers".
    r"not(?:es|ed)\s+that", r"observe[sd]?\s+that", r"avers", r"submits", r"submitted",
    r"finds\s+that", r"holds\s+that",
)  # fmt: skip


@cache
def pattern(*classes: tuple[str, ...], flags: int = re.IGNORECASE) -> re.Pattern[str]:
    """The phrases of ``classes`` as one pattern of whole words, compiled at first use (once
    for every module that asks for the same classes), and run only on a text that holds one
    of the texts each of its phrases holds (``PhraseClass``)."""
    phrases = sorted({p for c in classes for p in c}, key=len, reverse=True)
    return gated(rf"(?<![\w'’])(?:{'|'.join(phrases)})(?![\w'’])", flags)


def classes(*each: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    """The pattern of each of ``each`` (``pattern``), for a reader that asks only whether one
    of them stands in a text: a text holds a match of the classes joined exactly when it holds
    a match of one of them, and a text compiles only the classes whose words it holds (the
    joined pattern, thousands of characters, was compiled whole for any of them), each the
    one every other reader of that class asks."""
    return tuple(pattern(c) for c in each)


def gate_of(regex: re.Pattern[str]) -> Gate:
    """The gate of a pattern made by ``pattern`` or ``gated``: the one its class reads."""
    return cast("PhraseClass", regex).gate()


def gated(source: str, flags: int = re.IGNORECASE) -> re.Pattern[str]:
    """``lazy_compile(source, flags)``, run only on a text that holds one of the texts every
    match of it holds (``PhraseClass``)."""
    regex = lazy_compile(source, flags)
    if flags & re.VERBOSE:
        return regex  # its spaces are no literal's
    return cast("re.Pattern[str]", PhraseClass(regex))


class PhraseClass:
    """A class of phrases that answers "no match" without running its pattern on a text
    that holds none of the texts its phrases hold.

    A class's pattern is a large alternation tried at every word of a text, which costs
    more than the look for a few words in the text lower-cased ("scratch", "nvm", "kidding":
    ``grammar.gate_keys`` reads each phrase's from its declaration, so a phrase added
    to a class is gated with no other change). A text that holds a letter case-insensitive
    matching folds into ASCII where str.lower() does not is run as it is (``stems_tell``).
    The pattern stays the one definition: the gate passes over texts it cannot match
    (tests/engine/orders/test_phrase_gate.py: every class over the corpora's messages)."""

    __slots__ = ("_keys", "_regex")

    def __init__(self, regex: re.Pattern[str]) -> None:
        self._regex = regex
        self._keys: Gate | None = None  # read at the first ask: no cost at import

    def gate(self) -> Gate:
        """The texts one of which every match holds (``grammar.gate_keys``), read from the
        pattern's text at the first ask (it compiles nothing) and shared by equal classes."""
        if self._keys is None:
            gate = gate_keys(self._regex.pattern)
            self._keys = _GATES.setdefault(gate, gate)
        return self._keys

    def _holds(self, text: str, pos: int, endpos: int | None) -> bool:
        """Whether ``text[pos:endpos]`` may hold a match: one of the keys stands in it."""
        gate = self._keys
        if gate is None:
            gate = self.gate()
        if not gate[0]:
            return True
        low, answers = _seen(text)
        if low is None:
            return True
        # The whole text's answer first, kept for every class of the same gate: the steps of
        # a fragment ask the withdrawal's words of it thrice, and the stance asks its classes
        # at each mention of one sentence. A part is looked at only when the whole holds one.
        held = answers.get(id(gate))
        if held is None:
            held = answers[id(gate)] = may_hold(gate, low)
        if not held or (pos <= 0 and (endpos is None or endpos >= len(low))):
            return held
        return may_hold(gate, low[max(pos, 0) : len(low) if endpos is None else max(endpos, 0)])

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        if not self._holds(text, pos, endpos):
            return None
        return self._regex.search(text, pos, len(text) if endpos is None else endpos)

    def match(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        if not self._holds(text, pos, endpos):
            return None
        return self._regex.match(text, pos, len(text) if endpos is None else endpos)

    def fullmatch(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        if not self._holds(text, pos, endpos):
            return None
        return self._regex.fullmatch(text, pos, len(text) if endpos is None else endpos)

    def finditer(
        self, text: str, pos: int = 0, endpos: int | None = None
    ) -> Iterator[re.Match[str]]:
        if not self._holds(text, pos, endpos):
            return iter(())
        return self._regex.finditer(text, pos, len(text) if endpos is None else endpos)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._regex, name)  # the pattern's own: its source, flags, sub, ...


# Each gate, one object: the classes of the same gate share their answers (by its ``id``:
# each is kept here for good).
_GATES: dict[Gate, Gate] = {}
# The texts lately asked, each lower-cased, and the answers for it whole by its classes'
# gates: the stance asks several classes of one sentence in turn, and of the words around each
# mention in it. A few hundred texts at most (emptied when full): a message's texts are asked
# together. Each answer is the gate's for that text, whichever thread asked it first.
_SEEN: dict[str, tuple[str | None, dict[int, bool]]] = {}
_SEEN_MAX = 256


def _seen(text: str) -> tuple[str | None, dict[int, bool]]:
    """``text`` lower-cased letter for letter (None when it holds a letter case-insensitive
    matching folds into ASCII where str.lower() does not: "ſ" is an s), and the gates'
    answers for it whole."""
    seen = _SEEN.get(text)
    if seen is None:
        if len(_SEEN) >= _SEEN_MAX:
            _SEEN.clear()
        seen = _SEEN[text] = (text.lower() if stems_tell(text) else None, {})
    return seen
