"""Settings and URLs for the load test: production settings plus one bare view."""
