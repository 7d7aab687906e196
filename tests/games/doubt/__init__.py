"""doubt's own tests and data."""
