"""One reader per kind of order, by family; ``engine.orders.dispatch`` maps order words to them.

A reader takes the ``Reader`` of the PM, the text after the order word and the whole fragment
(for the order's ``text`` and the refusals), and returns the ``Order`` or raises ``Refusal``.
"""
