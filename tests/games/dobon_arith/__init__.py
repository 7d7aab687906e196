"""dobon-arith's own tests and data."""
