"""English words whose meaning has a gender (husband, niece, she), for the gender filter.

English marks no grammatical gender on nouns, so a tagger cannot say that "husband" does not
belong among female terms, and the embedding cannot either ("her husband" puts it near "her").
This list is ours: male/female pairs of kinship, address, title and role words and the pronouns,
in singular and plural. It covers the same ground as Bolukbasi et al. (2016)'s definitional and
equalise pairs, without their multi-word entries. Languages with grammatical gender use the
tagger's morphology instead (spaCy's `Gender`).
"""

from __future__ import annotations

_PAIRS = """
man woman | men women | boy girl | boys girls | male female | males females | he she | him her
his hers | himself herself | father mother | fathers mothers | dad mom | dads moms | dad mum
dads mums | daddy mommy | daddy mummy | papa mama | son daughter | sons daughters
brother sister | brothers sisters | husband wife | husbands wives | uncle aunt | uncles aunts
nephew niece | nephews nieces | grandfather grandmother | grandfathers grandmothers
grandpa grandma | grandson granddaughter | grandsons granddaughters | stepfather stepmother
stepson stepdaughter | godfather godmother | boyfriend girlfriend | boyfriends girlfriends
groom bride | grooms brides | bridegroom bride | widower widow | widowers widows
fiance fiancee | gentleman lady | gentlemen ladies | sir madam | mr mrs | lord lady | lad lass
lads lasses | guy gal | guys gals | king queen | kings queens | prince princess
princes princesses | duke duchess | emperor empress | baron baroness | nobleman noblewoman
actor actress | actors actresses | waiter waitress | heir heiress | steward stewardess
monk nun | monks nuns | priest priestess | god goddess | hero heroine | patriarch matriarch
spokesman spokeswoman | chairman chairwoman | businessman businesswoman
businessmen businesswomen | congressman congresswoman | councilman councilwoman
schoolboy schoolgirl | schoolboys schoolgirls | fraternity sorority | fatherhood motherhood
brotherhood sisterhood | boyhood girlhood | manhood womanhood | paternal maternal
paternity maternity | masculine feminine | bachelor spinster | mister missus
"""

GENDERED_EN: dict[str, str] = {}
"""Casefolded English word → "male" or "female"."""
for _pair in _PAIRS.replace("\n", " | ").split("|"):
    if _pair.strip():
        _male, _female = _pair.split()
        GENDERED_EN.setdefault(_male, "male")
        GENDERED_EN.setdefault(_female, "female")
