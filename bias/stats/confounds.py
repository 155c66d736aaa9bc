"""Controls for the known confounds of a WEAT, shown beside the test they qualify.

A WEAT can be large for reasons that are not the bias it is named after (docs/weat.md,
"Confounds"):

* **Grammatical gender.** In German, French, Italian or Spanish "Mann"/"homme" is masculine and
  "Frau"/"femme" feminine, and so are many career, family, math or arts words; embeddings encode
  grammatical gender (Gonen et al. 2019; Omrani Sabbaghi & Caliskan 2022), so a "male vs.
  female terms" test partly measures it. `grammatical_gender_control` puts masculine and
  feminine *inanimate* nouns (bundled under `wordsets/controls/`) in place of the male and female
  lists and reports that control's d beside the test's, with a warning when it is at least
  `CONTROL_SHARE` of the test's d in the same direction.
* **Frequency.** Word frequency shapes embedding associations (Ethayarajh, Duvenaud & Hirst
  2019; arXiv:2201.08451 on WEAT and name frequency); `frequency_check` summarises each list's
  wordfreq Zipf frequencies and warns when the two target or the two attribute lists differ by at
  least `FREQUENCY_GAP` in median Zipf.
* **Measures that disagree.** `measures_disagree` puts every measure's sign on WEAT's scale
  (positive: X leans to A) and says when they point different ways; `ripa_pairs` says whether
  RIPA's target lists are natural pairs.

Each control has its module (`confounds_gender`, `confounds_frequency`, `confounds_measures`);
this one gathers a WEAT's controls. Results are frozen dataclasses with codes and numbers;
`bias.report.confounds_text` words them.
"""

from __future__ import annotations

from dataclasses import dataclass

from bias.stats.confounds_frequency import FrequencyCheck, frequency_check
from bias.stats.confounds_gender import GrammaticalGenderControl, grammatical_gender_control
from bias.stats.weat import WeatResult
from bias.vectors.embeddings import Embedding
from bias.wordsets import WordSet


@dataclass(frozen=True)
class WeatConfounds:
    """The controls that qualify one WEAT result: what the JSON's `confounds` holds."""

    grammatical_gender: GrammaticalGenderControl
    frequency: FrequencyCheck

    @property
    def warnings(self) -> tuple[str, ...]:
        """Codes of the controls past their threshold: 'grammatical_gender', 'frequency'."""
        flagged = (("grammatical_gender", self.grammatical_gender.warning),
                   ("frequency", self.frequency.warning))
        return tuple(code for code, warned in flagged if warned)

    def to_dict(self) -> dict:
        return {"warnings": list(self.warnings),
                "grammatical_gender": self.grammatical_gender.to_dict(),
                "frequency": self.frequency.to_dict()}


def weat_confounds(embedding: Embedding, wordset: WordSet, result: WeatResult) -> WeatConfounds:
    """The grammatical-gender control and the frequency check of one WEAT result (the measures'
    comparison needs the other measures' results: `measures_disagree`)."""
    return WeatConfounds(grammatical_gender_control(embedding, wordset, result),
                         frequency_check(wordset))
