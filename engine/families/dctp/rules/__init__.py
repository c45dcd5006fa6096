"""The DCTP rulesets: 2011, and r53 and classic written as their changes to it. A new revision
is one module here and one line in engine/rules/__init__.py."""
