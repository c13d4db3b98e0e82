"""Xactika (Marsha J. Falco, Set Enterprises): bidding and trick-taking for 2 to 10 players."""
