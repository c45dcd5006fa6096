"""The DCTP family (the 2011, r53 and classic rulesets): its model of a game."""

# Capabilities, read without loading the family (engine/families/__init__.py): orders come by
# PM alone, none is declared in the game topic.
PUBLIC_ORDERS = False
