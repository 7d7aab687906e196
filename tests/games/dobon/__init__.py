"""dobon's own tests and data."""
