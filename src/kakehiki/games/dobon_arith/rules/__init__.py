"""Dobon-arith's rules: pure (options, actions, events, state, view, the transitions), importing only
the core, each other and Dobon's rules they build on; the adapters beside this package (bots,
narrator, encoder, kernel, page) plug them in (``tests/test_layout.py``)."""
