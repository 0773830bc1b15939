"""One vocabulary of the words that mark labels, each with the roles it plays where it is read.

Why a module of its own: three lists said which names mean "the label" (`label_candidates`'
LABEL_NAME_WORDS for ranking a stop's candidate columns, `column_names`' LABEL_COLUMN_NAMES for
choosing a table's label column, `id_label_tables`' LABEL_FILE_WORDS for a labels file's name),
beside a fourth for metadata tables (`keyed_tables`) and a fifth for split lists
(`content_lists`), and they had drifted apart (`truth`, `groundtruth` named a labels file but
ranked no column named so first). Here each word is one row, its
roles said explicitly, and every list above is read from this table, so a new convention is one
row and the places cannot disagree again.

The roles differ where the readings truly differ:

- COLUMN: a header cell that *is* this name (lower-cased) is the label column, tried in the order
  of this table (`label` before `class` before `answer`). Some names are a role only as a whole
  name (`is_duplicate`, `quality`, `answer`): as words they say nothing of a label
  (`image_quality`, `has_answer`), so they are no CANDIDATE.
- ENDING: a header whose last word is this one is the label column, where only one header's is
  (`Finding Labels`, `true_label`; two such headers leave the choice to the user).
- METADATA: a metadata table's header for the class, tried after COLUMN (clinical tables' `dx`).
  Not a COLUMN: a text table's `diagnosis` column may be a report's prose. `finding(s)` is a
  METADATA name only, no CANDIDATE word: `finding_text` is a report's text, no class.
- BOOLEAN: a label column found by this name holds true or false (BoolQ's `answer`); a text there
  is an answer, no label.
- CANDIDATE: a word of a column's name that ranks it first among a stop's candidates, and decides
  a metadata table's label where one column alone is so named (`label_candidates`).
- FILE: a word of a labels file's name that says what the file holds, not which texts it labels
  (`labels-levela.csv` beside `testset-levela.tsv`). `key` is a FILE word only (an answer key):
  a column named `key` is a row's key (`column_names.KEY_COLUMN_NAMES`).
- LIST_CLASS: a split list's class column, compared without `_`, `-`, `.` and spaces
  (GTSRB's `ClassId`, Stanford Online Products' `class_id`).
- DECISIVE: a COLUMN name that says "the label" alone: beside it another column named `target` or
  `sentiment` is a feature (`converters.label_columns.named_twice`); the other COLUMN names say what
  a column holds, and two of them in one table (SemEval-2016 stance's `Target` beside `Stance`)
  leave the label a guess.
- ATTRIBUTE: a header cell that *is* this name (lower-cased) is the class of a table of measurements
  (attributes, no text: Kaggle's diabetes `Outcome`, Titanic's `Survived`, UCI's wine `quality`, adult's
  `income`, iris' `species`), where it is the only such column and its cells are classes
  (`shardify/plan/measurement_classes.py`): the table then converts a row a record without a stop.
- POLARITY: a label column chosen by this whole name holds a polarity, where the table may hold a
  finer label beside it (MELD's `Sentiment` beside `Emotion`): a column of words named with a
  CANDIDATE word stops the run (`converters.label_columns.coarse_named`).

Sources (the names as the datasets publish them): Hugging Face's ClassLabel columns `label`
(glue, imdb, ag_news, tweet_eval) and `labels` (go_emotions' simplified config), tfds' `label`
features; MNLI's and SNLI's raw `gold_label`, QQP's `is_duplicate`, MRPC's `Quality`, BoolQ's
`answer`; News Category's `category`; Sentiment140's `target`; CoNLL-style `tags`; OLID's
`labels-levela.csv` ("the gold labels and IDs", its README); HAM10000's `dx`; NIH ChestX-ray14's
`Finding Labels`; PAD-UFES-20's `diagnostic`; the task words of stance, emotion, intent, spam and
fraud sets (`fraudulent`: the EMSCAD job postings).
"""

from __future__ import annotations

__all__ = [
    "COLUMN", "ENDING", "METADATA", "BOOLEAN", "CANDIDATE", "FILE", "LIST_CLASS", "POLARITY", "DECISIVE", "ATTRIBUTE",
    "ROLES",
    "VOCABULARY", "words",
]

COLUMN, ENDING, METADATA, BOOLEAN, CANDIDATE, FILE, LIST_CLASS, POLARITY, DECISIVE, ATTRIBUTE = (
    "column", "ending", "metadata", "boolean", "candidate", "file", "list_class", "polarity", "decisive", "attribute",
)
ROLES = (COLUMN, ENDING, METADATA, BOOLEAN, CANDIDATE, FILE, LIST_CLASS, POLARITY, DECISIVE, ATTRIBUTE)

_C, _E, _M, _B, _W, _F, _L, _P, _D = COLUMN, ENDING, METADATA, BOOLEAN, CANDIDATE, FILE, LIST_CLASS, POLARITY, DECISIVE
_A = ATTRIBUTE

# (word, its roles). The order is the order COLUMN names are tried in.
VOCABULARY: tuple[tuple[str, frozenset[str]], ...] = tuple((word, frozenset(roles)) for word, roles in (
    ("label", {_C, _E, _W, _F, _L, _D, _A}),
    ("labels", {_C, _E, _W, _F, _D, _A}),
    ("class", {_C, _E, _W, _L, _A}),
    # (no ATTRIBUTE: in a table of measurements `Category` describes the row, a product's or a place's, beside others
    # like it (Superstore's Category, Sub-Category, Region); read as the class it was written as one, exit 0)
    ("category", {_C, _E, _W, _L}),
    ("target", {_C, _W, _A}),
    ("tags", {_C, _E, _W}),
    ("tag", {_C, _E, _W}),
    ("sentiment", {_C, _W, _P}),
    ("gold_label", {_C, _D}),  # its words, `gold` and `label`, are CANDIDATE words of their own
    ("is_duplicate", {_C}),
    ("quality", {_C, _A}),  # (wine quality's 3..9: a class where its cells are whole and few)
    ("answer", {_C, _B, _F}),
    ("gold", {_W, _F}),
    ("answers", {_F}),
    ("truth", {_W, _F}),
    ("groundtruth", {_W, _F}),
    ("key", {_F}),
    ("classid", {_L}),
    ("classname", {_L}),
    ("labelid", {_L}),
    ("categoryid", {_L}),
    ("dx", {_M, _W}),
    ("diagnosis", {_M, _W, _A}),
    ("finding", {_M}),  # as a word also a report's prose (`finding_text`): a whole header name only
    ("findings", {_M}),
    ("diagnostic", {_W}),
    ("stance", {_W}),
    ("emotion", {_W}),
    ("intent", {_W}),
    ("topic", {_W}),
    ("genre", {_W}),
    ("polarity", {_W, _P}),
    ("verdict", {_W}),
    ("outcome", {_W, _A}),
    ("species", {_W, _A}),
    ("variety", {_W, _A}),
    ("breed", {_W}),
    ("family", {_W}),
    ("genus", {_W}),
    ("fraudulent", {_W}),
    ("fraud", {_W}),
    ("spam", {_W}),
    ("toxic", {_W}),
    ("sarcastic", {_W}),
    ("offensive", {_W}),
    ("hateful", {_W}),
    ("clickbait", {_W}),
    ("fake", {_W}),
    # the class of a table of measurements only, as a whole header name (Titanic's `Survived`, adult's `income`,
    # scikit-learn's and R's `y`): no label word elsewhere (`income` of a text table is a feature)
    ("survived", {_A}),
    ("income", {_A}),
    ("y", {_A}),
    # the thing a table of measurements is kept to predict, as its publishers name it (compared without `_`, `-`,
    # `.`, spaces and case: `RiskLevel`, `Risk Level`): IBM's Telco churn `Churn`, the bank churn set's `Exited`,
    # IBM HR's `Attrition`, UCI's maternal health `RiskLevel`, water potability's `Potability`, fetal health's
    # `fetal_health`, loan data's `Loan_Status`. No word that also names an attribute beside the class: not
    # `heart_disease` (the stroke set's 0/1 feature beside its `stroke`: read as the class, exit 0 with every label
    # wrong, blind37), not `price_range` (Mobile Price's class, but Zomato's `Price range` is a restaurant's
    # attribute beside its rating), nor `risk`, `price`, `stroke`, `default`, `status`
    ("churn", {_A}),
    ("exited", {_A}),
    ("attrition", {_A}),
    ("risklevel", {_A}),
    ("potability", {_A}),
    ("fetalhealth", {_A}),
    ("loanstatus", {_A}),
))


def words(role: str) -> tuple[str, ...]:
    """The words of one role, in the table's order.

    >>> words(BOOLEAN), words(ENDING)
    (('answer',), ('label', 'labels', 'class', 'category', 'tags', 'tag'))
    """
    if role not in ROLES:
        raise ValueError(f"no label-word role {role!r}; the roles are {ROLES}")
    return tuple(word for word, roles in VOCABULARY if role in roles)
