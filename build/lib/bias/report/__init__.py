"""Everything written for people: verdicts, explanations, and the charts."""
