"""Doubt's rules: pure (options, actions, events, state, view, the transitions), importing only the
core and each other; the adapters beside this package (bots, narrator, encoder, kernel, page) plug
them in (``tests/test_layout.py``)."""
