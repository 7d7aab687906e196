"""dhumbal's own tests and data."""
