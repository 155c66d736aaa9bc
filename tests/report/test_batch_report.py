"""The batch's long table is shown with readable headers for every column (bias.report)."""

from bias.report.batch_report import ROW_COLUMNS
from bias.stats.batch import SCHEMA


def test_every_column_of_the_long_table_has_a_readable_header():
    """Raw names such as `embedding_language` or `d_ci_low` read as code to a visitor; a column
    added to the table without a header fails here."""
    assert set(ROW_COLUMNS) == set(SCHEMA)
    labels = [label for label, _ in ROW_COLUMNS.values()]
    assert len(set(labels)) == len(labels) and not any("_" in label for label in labels)
    assert all(why.endswith((".", ")")) for _, why in ROW_COLUMNS.values())
