"""The works a report cites, each written once: the sentence for a reference list and its
BibTeX entry."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reference:
    key: str
    text: str
    bibtex: str


def _ref(key: str, text: str, kind: str, **fields: str) -> Reference:
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields.items())
    return Reference(key, text, f"@{kind}{{{key},\n{body}\n}}")


REFERENCES: dict[str, Reference] = {r.key: r for r in (
    _ref("antoniak2018", "Antoniak, M., & Mimno, D. (2018). Evaluating the Stability of "
         "Embedding-based Word Similarities. Transactions of the Association for Computational "
         "Linguistics, 6, 107–119. https://doi.org/10.1162/tacl_a_00008", "article",
         author="Antoniak, Maria and Mimno, David",
         title="Evaluating the Stability of Embedding-based Word Similarities",
         journal="Transactions of the Association for Computational Linguistics", volume="6",
         pages="107--119", year="2018", doi="10.1162/tacl_a_00008"),
    _ref("garg2018", "Garg, N., Schiebinger, L., Jurafsky, D., & Zou, J. (2018). Word "
         "embeddings quantify 100 years of gender and ethnic stereotypes. Proceedings of the "
         "National Academy of Sciences, 115(16), E3635–E3644. "
         "https://doi.org/10.1073/pnas.1720347115", "article",
         author="Garg, Nikhil and Schiebinger, Londa and Jurafsky, Dan and Zou, James",
         title="Word embeddings quantify 100 years of gender and ethnic stereotypes",
         journal="Proceedings of the National Academy of Sciences", volume="115",
         number="16", pages="E3635--E3644", year="2018", doi="10.1073/pnas.1720347115"),
    _ref("hanley2006", "Hanley, J. A., & MacGibbon, B. (2006). Creating non-parametric "
         "bootstrap samples using Poisson frequencies. Computer Methods and Programs in "
         "Biomedicine, 83(1), 57–62. https://doi.org/10.1016/j.cmpb.2006.04.006", "article",
         author="Hanley, James A. and MacGibbon, Brenda",
         title="Creating non-parametric bootstrap samples using Poisson frequencies",
         journal="Computer Methods and Programs in Biomedicine", volume="83", number="1",
         pages="57--62", year="2006", doi="10.1016/j.cmpb.2006.04.006"),
    _ref("caliskan2017", "Caliskan, A., Bryson, J. J., & Narayanan, A. (2017). Semantics derived "
         "automatically from language corpora contain human-like biases. Science, 356(6334), "
         "183–186. https://doi.org/10.1126/science.aal4230", "article",
         author="Caliskan, Aylin and Bryson, Joanna J. and Narayanan, Arvind",
         title="Semantics derived automatically from language corpora contain human-like biases",
         journal="Science", volume="356", number="6334", pages="183--186", year="2017",
         doi="10.1126/science.aal4230"),
    _ref("kurpiczbriki2021", "Kurpicz-Briki, M., & Leoni, T. (2021). A World Full of "
         "Stereotypes? Further Investigation on Origin and Gender Bias in Multi-Lingual Word "
         "Embeddings. Frontiers in Big Data, 4, 625290. https://doi.org/10.3389/fdata.2021.625290",
         "article", author="Kurpicz-Briki, Mascha and Leoni, Tomaso",
         title="A World Full of Stereotypes? Further Investigation on Origin and Gender Bias in "
         "Multi-Lingual Word Embeddings", journal="Frontiers in Big Data", volume="4",
         pages="625290", year="2021", doi="10.3389/fdata.2021.625290"),
    _ref("efron1993", "Efron, B., & Tibshirani, R. J. (1993). An Introduction to the Bootstrap. "
         "Chapman & Hall.", "book", author="Efron, Bradley and Tibshirani, Robert J.",
         title="An Introduction to the Bootstrap", publisher="Chapman \\& Hall", year="1993"),
    _ref("phipson2010", "Phipson, B., & Smyth, G. K. (2010). Permutation p-values should never "
         "be zero. Statistical Applications in Genetics and Molecular Biology, 9(1), 39. "
         "https://doi.org/10.2202/1544-6115.1585", "article",
         author="Phipson, Belinda and Smyth, Gordon K.",
         title="Permutation P-values Should Never Be Zero: Calculating Exact P-values When "
         "Permutations Are Randomly Drawn",
         journal="Statistical Applications in Genetics and Molecular Biology", volume="9",
         number="1", pages="39", year="2010", doi="10.2202/1544-6115.1585"),
    _ref("mukherjee2023", "Mukherjee, A., Raj, C., Zhu, Z., & Anastasopoulos, A. (2023). Global "
         "Voices, Local Biases: Socio-Cultural Prejudices across Languages. Proceedings of "
         "EMNLP 2023. https://doi.org/10.18653/v1/2023.emnlp-main.981", "inproceedings",
         author="Mukherjee, Anjishnu and Raj, Chahat and Zhu, Ziwei and Anastasopoulos, Antonios",
         title="Global Voices, Local Biases: Socio-Cultural Prejudices across Languages",
         booktitle="Proceedings of the 2023 Conference on Empirical Methods in Natural Language "
         "Processing", year="2023", doi="10.18653/v1/2023.emnlp-main.981"),
    _ref("wang2024", "Wang, L., Yang, N., Huang, X., Yang, L., Majumder, R., & Wei, F. (2024). "
         "Multilingual E5 Text Embeddings: A Technical Report. arXiv:2402.05672. "
         "https://arxiv.org/abs/2402.05672", "misc",
         author="Wang, Liang and Yang, Nan and Huang, Xiaolong and Yang, Linjun and Majumder, "
         "Rangan and Wei, Furu", title="Multilingual E5 Text Embeddings: A Technical Report",
         year="2024", eprint="2402.05672", archivePrefix="arXiv"),
    _ref("may2019", "May, C., Wang, A., Bordia, S., Bowman, S. R., & Rudinger, R. (2019). On "
         "Measuring Social Biases in Sentence Encoders. Proceedings of NAACL-HLT 2019, 622–628. "
         "https://doi.org/10.18653/v1/N19-1063", "inproceedings",
         author="May, Chandler and Wang, Alex and Bordia, Shikha and Bowman, Samuel R. and "
         "Rudinger, Rachel", title="On Measuring Social Biases in Sentence Encoders",
         booktitle="Proceedings of the 2019 Conference of the North American Chapter of the "
         "Association for Computational Linguistics", pages="622--628", year="2019",
         doi="10.18653/v1/N19-1063"),
    _ref("holm1979", "Holm, S. (1979). A simple sequentially rejective multiple test procedure. "
         "Scandinavian Journal of Statistics, 6(2), 65–70.", "article", author="Holm, Sture",
         title="A Simple Sequentially Rejective Multiple Test Procedure",
         journal="Scandinavian Journal of Statistics", volume="6", number="2", pages="65--70",
         year="1979"),
    _ref("benjamini1995", "Benjamini, Y., & Hochberg, Y. (1995). Controlling the false discovery "
         "rate: a practical and powerful approach to multiple testing. Journal of the Royal "
         "Statistical Society B, 57(1), 289–300.", "article",
         author="Benjamini, Yoav and Hochberg, Yosef",
         title="Controlling the False Discovery Rate: A Practical and Powerful Approach to "
         "Multiple Testing", journal="Journal of the Royal Statistical Society: Series B",
         volume="57", number="1", pages="289--300", year="1995"),
    _ref("dersimonian1986", "DerSimonian, R., & Laird, N. (1986). Meta-analysis in clinical "
         "trials. Controlled Clinical Trials, 7(3), 177–188. "
         "https://doi.org/10.1016/0197-2456(86)90046-2", "article",
         author="DerSimonian, Rebecca and Laird, Nan", title="Meta-analysis in clinical trials",
         journal="Controlled Clinical Trials", volume="7", number="3", pages="177--188",
         year="1986", doi="10.1016/0197-2456(86)90046-2"),
    _ref("pennington2014", "Pennington, J., Socher, R., & Manning, C. D. (2014). GloVe: Global "
         "Vectors for Word Representation. Proceedings of EMNLP 2014, 1532–1543. "
         "https://doi.org/10.3115/v1/D14-1162", "inproceedings",
         author="Pennington, Jeffrey and Socher, Richard and Manning, Christopher D.",
         title="{GloVe}: Global Vectors for Word Representation",
         booktitle="Proceedings of the 2014 Conference on Empirical Methods in Natural Language "
         "Processing", pages="1532--1543", year="2014", doi="10.3115/v1/D14-1162"),
)}
