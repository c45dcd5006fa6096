"""config.ini read and checked.

``ini`` reads sections and keys with their lines, ``values`` parses each kind of value,
``model`` holds the loaded config's dataclasses, ``overrides`` reads the ``[overrides:GAME]``
lines, and ``load`` puts them together (``load_config``). Nothing here touches the store or a
forum.
"""
