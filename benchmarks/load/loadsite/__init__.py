"""Settings and URLs for the benchmarks: production settings plus one bare view and the
test game tally (tables of 2 to 10 seats)."""
