"""The simulator's defaults, apart so that ``autogm --help`` reads them without loading the
engine."""

# A game that has not ended after this many phases is reported (a stalemate the rules do not
# allow, or players who cannot finish it).
PHASE_LIMIT = 80
# One game in this many is played again and replayed from its scenario file.
REPLAY_EVERY = 50
