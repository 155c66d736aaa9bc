"""The statistics: WEAT (and the other measures), p-value adjustment, batches of tests."""
