"""The games.  Each subpackage registers itself on import."""
