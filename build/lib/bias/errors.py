"""The one exception type for mistakes a user can make.

Everything the user can get wrong (an unknown embedding, a malformed word-set file, an empty set)
raises `BiasInputError` with a sentence meant for a person. The command line turns it into one line
on stderr and exit code 2; the dashboard shows it with `st.error`. Any other exception is a bug.
"""


class BiasInputError(ValueError):
    """A problem with the user's input, explained in one human sentence."""
