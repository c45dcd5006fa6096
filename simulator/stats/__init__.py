"""Many games summed up: each game's summary, and the table a GM reads."""
