"""Words whose meaning has a gender (husband, niece, she; *mari*, *nièce*, *elle*), per language,
for the gender filters.

English marks no grammatical gender on nouns, so a tagger cannot say that "husband" does not
belong among female terms, and the embedding cannot either ("her husband" puts it near "her").
French marks it, but grammatical gender is not meaning: *individu*, *animal* and *dictateur* are
masculine nouns, not male persons, and the masculine of *ami*/*amie* or *cousin*/*cousine* is also
the form for anyone (its feminine names a woman). So each list holds the words whose meaning is
a male or a female person: male/female pairs of kinship, address, title and role words and the
pronouns, in singular and plural, and for French the feminine forms whose masculine is the
generic one. They cover the ground of Bolukbasi et al. (2016)'s definitional and equalise pairs,
without their multi-word entries; the lists are ours. A language without a list falls back to
the tagger's morphology (spaCy's `Gender`), which is grammatical gender.
"""

from __future__ import annotations

_PAIRS_EN = """
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

_PAIRS_FR = """
homme femme | hommes femmes | garçon fille | garçons filles | il elle | ils elles | lui elle
eux elles | celui celle | ceux celles | lui-même elle-même | eux-mêmes elles-mêmes
monsieur madame | messieurs mesdames | père mère | pères mères | papa maman | papas mamans
fils fille | frère sœur | frère soeur | frères sœurs | frères soeurs | mari femme | maris femmes
époux épouse | oncle tante | oncles tantes | neveu nièce | neveux nièces
grand-père grand-mère | grands-pères grands-mères | grand-papa grand-maman | papi mamie
petit-fils petite-fille | petits-fils petites-filles | beau-père belle-mère
beaux-pères belles-mères | beau-frère belle-sœur | beau-frère belle-soeur
beaux-frères belles-sœurs | gendre belle-fille | gendre bru | parrain marraine
fiancé fiancée | fiancés fiancées | marié mariée | mariés mariées | veuf veuve | veufs veuves
amant maîtresse | amant amante | roi reine | rois reines | prince princesse | princes princesses
duc duchesse | comte comtesse | baron baronne | empereur impératrice | acteur actrice
acteurs actrices | moine nonne | bonhomme bonne-femme | gars nana | mec meuf
garçonnet fillette | sorcier sorcière
"""

_FEMININE_OF_GENERIC_FR = """
amie amies cousine cousines copine copines cadette cadettes aînée aînées
gamine gamines héritière héritières servante servantes voisine voisines adolescente
adolescentes demoiselle demoiselles mademoiselle dame dames fillettes
"""
"""French feminine forms whose masculine is also the form for anyone (*ami*, *cousin*,
*héritier*): the feminine names a woman, the masculine is in neither list."""


def parse_pairs(pairs: str, female_only: str = "") -> dict[str, str]:
    """Casefolded word → gender from "male female | …" pairs and single feminine words; a word
    given both genders is a mistake in the list, refused rather than decided by its order."""
    words: dict[str, str] = {}
    listed = [(word, gender) for pair in pairs.replace("\n", " | ").split("|") if pair.strip()
              for word, gender in zip(pair.split(), ("male", "female"), strict=True)]
    for word, gender in [*listed, *((w, "female") for w in female_only.split())]:
        if words.setdefault(word.casefold(), gender) != gender:
            raise ValueError(f"{word!r} is listed as male and as female")
    return words


GENDERED: dict[str, dict[str, str]] = {
    "en": parse_pairs(_PAIRS_EN),
    "fr": parse_pairs(_PAIRS_FR, _FEMININE_OF_GENERIC_FR),
}
"""Language → casefolded word → "male" or "female"."""
