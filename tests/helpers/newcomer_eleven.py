"""An eleventh newcomer trial: miniatures of twelve public TEXT downloads no rule, test or doc here named before.

Chosen by kind (issue 30: try it as a new user would, on data not made for the test), favouring
what earlier rounds saw little of: `label<TAB>sentence` lines grouped under `###<id>` headers and
blank lines (PubMed 20k RCT); `label<TAB>text` lines in Chinese beside a vocabulary file of one
token a line (THUCNews' cnews subset); parallel extensionless files of texts and of
space-separated label lists (AAPD); one file of sentences per class named by its extension
(SentEval's MPQA); class folders of e-mails whose names end in a 32-hex "extension", beside a
`cmds` script (SpamAssassin); class folders over university folders of pages named by their
escaped URLs (WebKB); four preprocessed copies of one corpus, each in ten part folders, the class
only in the file names' prefix (Ling-Spam); polarity over class-and-source folders over
cross-validation folds (Deceptive Opinion Spam); a tab-separated table whose sentence pair sits
among four parse-tree columns (HANS); JSON lines of NLI pairs whose test file has no label
(SuperGLUE CB); JSON lines of a premise, two choices and the right one's number (SuperGLUE COPA);
and a JSON object keyed by relation id, each a list of tokenised sentences, beside a
relation-names file (FewRel).

The truth comes from each dataset's documented meaning (the source cited in `source`), never from
what shardify does. Record ids follow round four's table (tests/helpers/unseen4.py): a row or line
"<file>:<i>", a file its path.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, Spec, aux, row
from helpers.unseen9 import _zh


def _sentence(key: str, n: int) -> str:
    return _words(key, n).capitalize() + "."


# ------------------------------------------------------------------------------------------------
# PubMed 20k RCT: PubMed_20k_RCT/{train,dev,test}.txt:
# "###<pmid>" then one "<ROLE>\t<sentence>" a line, a blank line after each abstract
# ------------------------------------------------------------------------------------------------

_ROLES = ("BACKGROUND", "OBJECTIVE", "METHODS", "RESULTS", "CONCLUSIONS")


def _pubmed_rct() -> Iterator[Put]:
    pmid = 24293578
    for split, abstracts in (("train", 4), ("dev", 3), ("test", 3)):
        file = f"PubMed_20k_RCT/{split}.txt"
        lines, i = [], 0
        for a in range(abstracts):
            pmid += 7919
            lines.append(f"###{pmid}")
            for k, role in enumerate(_ROLES[(a % 2):]):
                sentence = _sentence(f"{file}{a}{k}", 9)
                if k == 1:  # the numbers as they stand in the sentences (the 20k set keeps them)
                    sentence = f"A total of {40 + a} patients ( {k + 1}.{a}% ) were {_words(file + str(a), 4)}."
                lines.append(f"{role}\t{sentence}")
                yield row(f"{file}:{i}", split, role, sentence)
                i += 1
            lines.append("")
        yield aux(file, "\n".join(lines) + "\n")
    yield aux("README.md", "# PubMed 200k RCT dataset\n\nEach sentence of each abstract is labeled with their role in the "
              "abstract using one of the following classes: background, objective, method, result, or conclusion.\n")


# ------------------------------------------------------------------------------------------------
# THUCNews subset (gaussic/text-classification-cnn-rnn): cnews.{train,val,test}.txt "<label>\t<text>",
# cnews.vocab.txt one token a line
# ------------------------------------------------------------------------------------------------

_CNEWS = ("体育", "财经", "房产", "家居", "教育", "科技", "时尚", "时政", "游戏", "娱乐")


def _cnews() -> Iterator[Put]:
    # (the files list each class's news together, class after class: sampled, the first lines repeat one label)
    for split, n, per_class in (("train", 16, 4), ("val", 8, 2), ("test", 8, 2)):
        file = f"cnews/cnews.{split}.txt"
        lines = []
        for i in range(n):
            label = _CNEWS[i // per_class]
            text = _zh(f"{file}{i}", 14) + "。" + _zh(f"{file}{i}b", 9) + "，" + _zh(f"{file}{i}c", 6) + "。"
            lines.append(f"{label}\t{text}")
            yield row(f"{file}:{i}", split, label, text)
        yield aux(file, "\n".join(lines) + "\n")
    yield aux("cnews/cnews.vocab.txt", "\n".join(["<PAD>", "，", "的", "。", "一", "是", "在", "0", "有", "了"]) + "\n")


# ------------------------------------------------------------------------------------------------
# AAPD (SGM, lancopku): text_{train,val,test} (one tokenised abstract a line) and
# label_{train,val,test} (that line's subjects, space-separated), extensionless
# ------------------------------------------------------------------------------------------------

_SUBJECTS = ("cs.it", "math.it", "cs.lg", "cs.ai", "stat.ml", "cs.ds", "cs.si", "cs.dm", "physics.soc-ph", "cs.lo")


def _aapd() -> Iterator[Put]:
    for split, n in (("train", 10), ("val", 4), ("test", 4)):
        texts, labels = [], []
        for i in range(n):
            text = f"{_words(f'aapd{split}{i}', 18)} . {_words(f'aapd{split}{i}b', 12)} ."
            subjects = sorted({_SUBJECTS[(i * 3 + k * 5 + n) % len(_SUBJECTS)] for k in range(1 + i % 3)})
            texts.append(text)
            labels.append(" ".join(subjects))
            yield row(f"AAPD/text_{split}:{i}", split, frozenset(subjects), text)
        yield aux(f"AAPD/text_{split}", "\n".join(texts) + "\n")
        yield aux(f"AAPD/label_{split}", "\n".join(labels) + "\n")


# ------------------------------------------------------------------------------------------------
# SentEval MPQA: data/downstream/MPQA/mpqa.{pos,neg}, one phrase a line
# ------------------------------------------------------------------------------------------------

def _mpqa() -> Iterator[Put]:
    for ext, n in (("pos", 8), ("neg", 8)):
        file = f"MPQA/mpqa.{ext}"
        lines = [_words(f"{file}{i}", 1 + i % 4) for i in range(n)]
        for i, line in enumerate(lines):
            yield row(f"{file}:{i}", "train", ext, line)
        yield aux(file, "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# SpamAssassin public corpus: 20021010_{easy_ham,hard_ham,spam}.tar.bz2 -> easy_ham/, hard_ham/,
# spam/, each holding "<nnnnn>.<32 hex>" e-mails and a `cmds` file of the renames that named them
# ------------------------------------------------------------------------------------------------

def _email(key: str, spam: bool) -> str:
    sender = f"{_words(key, 1)}@{'lockergnome.com' if spam else 'example.com'}"
    return (f"From {sender}  Thu Aug 22 12:36:23 2002\nReturn-Path: <{sender}>\nDelivered-To: zzzz@localhost.netnoteinc.com\n"
            f"Subject: {_words(key + 's', 4)}\nDate: Thu, 22 Aug 2002 18:26:25 +0700\n\n"
            f"{_sentence(key + 'b', 14)}\n{_sentence(key + 'c', 9)}\n")


def _spamassassin() -> Iterator[Put]:
    for folder, n in (("easy_ham", 5), ("hard_ham", 3), ("spam", 4)):
        renames = []
        for i in range(n):
            digest = f"{(0x7c53336b37003a9286aba55d2945844c * (i + 3) + len(folder)) % (1 << 128):032x}"
            name = f"{i + 1:05d}.{digest}"
            text = _email(f"{folder}{i}", folder == "spam")
            renames.append(f"mv {i + 1:05d}.{digest[::-1]} {name}")
            yield Put(f"{folder}/{name}", data=text, record=True, split="train", labels=frozenset({folder}), text=text)
        yield aux(f"{folder}/cmds", "\n".join(renames) + "\n")


# ------------------------------------------------------------------------------------------------
# WebKB (CMU 4 Universities): webkb/<class>/<university>/<URL with / as ^>, a MIME header then HTML
# ------------------------------------------------------------------------------------------------

_WEBKB = {"course": ["http:^^cs.cornell.edu^Info^Courses^Current^CS415^CS414.html", "http:^^www.cs.utexas.edu^users^cs371^"],
          "faculty": ["http:^^www.cs.wisc.edu^~dewitt^", "http:^^www.cs.washington.edu^homes^lazowska^"],
          "student": ["http:^^cs.cornell.edu^Info^People^jdoe^home.html", "http:^^www.cs.utexas.edu^users^kim^"],
          "project": ["http:^^www.cs.wisc.edu^~paradise^paradise.html"]}
_UNIVERSITY = {"cornell.edu": "cornell", "utexas.edu": "texas", "wisc.edu": "wisconsin", "washington.edu": "washington"}


def _webkb() -> Iterator[Put]:
    for label, urls in _WEBKB.items():
        for k, url in enumerate(urls):
            university = next(u for host, u in _UNIVERSITY.items() if host in url)
            page = (f"<html><head><title>{_words(url, 3).title()}</title></head>\n<body>\n<h1>{_words(url + 'h', 3)}</h1>\n"
                    f"<p>{_sentence(url + 'p', 16)}</p>\n</body></html>\n")
            text = (f"MIME-Version: 1.0\nServer: CERN/3.0\nDate: Sunday, 24-Nov-96 22:{10 + k}:05 GMT\nContent-Type: "
                    f"text/html\nContent-length: {len(page)}\n\n{page}")
            yield Put(f"webkb/{label}/{university}/{url}", data=text, record=True, split="train", labels=frozenset({label}),
                      text=text)


# ------------------------------------------------------------------------------------------------
# Ling-Spam: lingspam_public/{bare,lemm,lemm_stop,stop}/part{1..10}/{<n>-<n>msg<n>.txt, spmsg<x><n>.txt}
# ------------------------------------------------------------------------------------------------

def _lingspam() -> Iterator[Put]:
    for version in ("bare", "lemm", "lemm_stop", "stop"):
        for part in (1, 2, 3):
            names = [(f"{part + 2}-{part * 11}msg{k + 1}.txt", "legit") for k in range(2)] + [(f"spmsg{'abc'[part - 1]}{part * 3}.txt", "spam")]
            for name, label in names:
                text = f"Subject: {_words(name + 's', 4)}\n\n{_words(name + version, 20)} .\n"
                yield Put(f"lingspam_public/{version}/part{part}/{name}", data=text, record=True, split="train",
                          labels=frozenset({label}), text=text)
    yield aux("lingspam_public/readme.txt", "Ling-Spam corpus: four versions (bare, lemm, stop, lemm_stop), each in ten "
              "parts. Files whose names start with spmsg are spam; the others are legitimate messages.\n")


# ------------------------------------------------------------------------------------------------
# Deceptive Opinion Spam v1.4: op_spam_v1.4/{negative,positive}_polarity/
# {deceptive_from_MTurk,truthful_from_Web|truthful_from_TripAdvisor}/fold<k>/<d|t>_<hotel>_<n>.txt
# ------------------------------------------------------------------------------------------------

_HOTELS = ("hilton", "affinia", "conrad", "hyatt")


def _op_spam() -> Iterator[Put]:
    for polarity, truthful in (("negative_polarity", "truthful_from_Web"), ("positive_polarity", "truthful_from_TripAdvisor")):
        for source, label in (("deceptive_from_MTurk", "deceptive"), (truthful, "truthful")):
            for fold in (1, 2):
                for k in range(2):
                    name = f"{label[0]}_{_HOTELS[(fold + k) % 4]}_{fold * 10 + k}.txt"
                    text = _sentence(f"{polarity}{source}{fold}{k}", 24) + "\n"
                    yield Put(f"op_spam_v1.4/{polarity}/{source}/fold{fold}/{name}", data=text, record=True, split="train",
                              labels=frozenset({label}), text=text)
    yield aux("op_spam_v1.4/README.txt", "Deceptive Opinion Spam Corpus v1.4\n\nDirectories prefixed with fold correspond "
              "to a single fold from the cross-validation experiments.\nFiles are named according to the format "
              "%c_%h_%i.txt, where %c denotes the class: (t)ruthful or (d)eceptive.\n")


# ------------------------------------------------------------------------------------------------
# HANS: heuristics_{train,evaluation}_set.txt, tab-separated under a header
# ------------------------------------------------------------------------------------------------

_HANS_HEAD = ("gold_label", "sentence1_binary_parse", "sentence2_binary_parse", "sentence1_parse", "sentence2_parse",
              "sentence1", "sentence2", "pairID", "heuristic", "subcase", "template")


def _parses(sentence: str) -> tuple[str, str]:
    words = sentence.rstrip(" .").split()
    binary = "( ( " + " ".join(words[:2]) + " ) ( " + " ".join(words[2:]) + " ) )"
    tagged = "(ROOT (S (NP " + " ".join(f"(NN {w})" for w in words[:2]) + ") (VP " + " ".join(f"(VB {w})" for w in words[2:]) + ") (. .)))"
    return binary, tagged


def _hans() -> Iterator[Put]:
    pair_id = 0
    for file, split, n in (("heuristics_train_set.txt", "train", 8), ("heuristics_evaluation_set.txt", "test", 6)):
        lines = ["\t".join(_HANS_HEAD)]
        for i in range(n):
            first = f"The {_words(f'{file}{i}a', 5)} ."
            second = f"The {_words(f'{file}{i}b', 3)} ."
            label = ("entailment", "non-entailment")[(i + n) % 2]
            (b1, p1), (b2, p2) = _parses(first), _parses(second)
            heuristic = ("lexical_overlap", "subsequence", "constituent")[i % 3]
            lines.append("\t".join([label, b1, b2, p1, p2, first, second, f"ex{pair_id}", heuristic,
                                    f"ln_subject/object_swap" if i % 2 else "le_relative_clause", f"temp{i % 4 + 1}"]))
            pair_id += 1
            yield row(f"{file}:{i}", split, label, (first, second))
        yield aux(file, "\n".join(lines) + "\n")
    yield aux("README.md", "# HANS\n\nheuristics_train_set.txt and heuristics_evaluation_set.txt: tab-separated, one "
              "premise/hypothesis pair a row (sentence1, sentence2) labelled gold_label.\n")
    yield aux("evaluate_heur_output.py", "import sys\n\nfi = open(sys.argv[1], 'r')\n")


# ------------------------------------------------------------------------------------------------
# SuperGLUE CB and COPA: CB/{train,val,test}.jsonl, COPA/{train,val,test}.jsonl (test: no label)
# ------------------------------------------------------------------------------------------------

_CB = ("contradiction", "entailment", "neutral")


def _cb() -> Iterator[Put]:
    for split, n in (("train", 9), ("val", 4), ("test", 4)):
        lines = []
        for i in range(n):
            premise = f"{_sentence(f'cb{split}{i}', 9)} She said, \"{_words(f'cbq{split}{i}', 5)}?\""
            hypothesis = _sentence(f"cbh{split}{i}", 5)
            doc = {"premise": premise, "hypothesis": hypothesis, "idx": i}
            label = None
            if split != "test":
                label = _CB[(i * 2 + n) % 3]
                doc["label"] = label
            lines.append(json.dumps(doc))
            yield row(f"CB/{split}.jsonl:{i}", split, label, (premise, hypothesis))
        yield aux(f"CB/{split}.jsonl", "\n".join(lines) + "\n")


def _copa() -> Iterator[Put]:
    for split, n in (("train", 8), ("val", 4), ("test", 4)):
        lines = []
        for i in range(n):
            doc = {"premise": _sentence(f"copa{split}{i}", 6), "choice1": _sentence(f"copa1{split}{i}", 4),
                   "choice2": _sentence(f"copa2{split}{i}", 4), "question": ("cause", "effect")[i % 2], "idx": i}
            label = None
            if split != "test":
                label = str((i * 5 + n) % 2)
                doc["label"] = int(label)
            lines.append(json.dumps(doc))
            yield row(f"COPA/{split}.jsonl:{i}", split, label, doc["premise"])
        yield aux(f"COPA/{split}.jsonl", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# FewRel 1.0: data/{train_wiki,val_wiki}.json {"<Pid>": [{"tokens": [...], "h": [...], "t": [...]}]},
# data/pid2name.json {"<Pid>": [name, description]}
# ------------------------------------------------------------------------------------------------

_RELATIONS = {"P931": ["place served by transport hub", "territorial entity or entities served by this transport hub"],
              "P4552": ["mountain range", "range or subrange to which the geographical item belongs"],
              "P140": ["religion", "religion of a person, organization or religious building"],
              "P1923": ["participating team", "like 'Participant' (P710) but for teams"]}


def _fewrel() -> Iterator[Put]:
    for file, split, relations in (("train_wiki.json", "train", ("P931", "P4552")), ("val_wiki.json", "val", ("P140", "P1923"))):
        doc, i = {}, 0
        for pid in relations:
            doc[pid] = []
            for k in range(3):
                tokens = _words(f"{file}{pid}{k}", 9).capitalize().split() + ["."]
                doc[pid].append({"tokens": tokens, "h": [tokens[1].lower(), f"Q{1331049 + k}", [[1]]],
                                 "t": [tokens[5].lower(), f"Q{212 + k}", [[5]]]})
                yield row(f"data/{file}:{i}", split, pid, " ".join(tokens))
                i += 1
        yield aux(f"data/{file}", json.dumps(doc))
    yield aux("data/pid2name.json", json.dumps(_RELATIONS))


SPECS = {
    "pubmed_rct": Spec("pubmed-rct-master", "text", _pubmed_rct,
                       "Franck-Dernoncourt/pubmed-rct README (PubMed_20k_RCT/{train,dev,test}.txt) and the "
                       "abstracts as its loaders read them: '###<pmid>', then '<LABEL>\\t<sentence>' lines, a blank line",
                       "one record per sentence labelled by its role; the ### lines and blank lines are no records"),
    "cnews": Spec("text-classification-cnn-rnn", "text", _cnews,
                  "gaussic/text-classification-cnn-rnn README (cnews.train.txt 50000, cnews.val.txt 5000, cnews.test.txt "
                  "10000; cnews_loader.py: label, content = line.strip().split('\\t')) and RikkyLai/CNews's tree (with "
                  "cnews.vocab.txt)",
                  "ten classes in Chinese; cnews.vocab.txt is the vocabulary (one token a line), no records"),
    "aapd": Spec("SGM-data", "text", _aapd,
                 "lancopku/SGM README (AAPD in the data archive) and the AAPD loaders that read text_<split> beside "
                 "label_<split>, line i the labels of line i, subjects split on spaces",
                 "multi-label: each abstract's arXiv subjects, parallel extensionless files"),
    "mpqa": Spec("senteval-data", "text", _mpqa,
                 "facebookresearch/SentEval data/downstream/get_transfer_data.bash and senteval/mr.py-like "
                 "BinaryClassifierEval reading MPQA/mpqa.pos and MPQA/mpqa.neg (one phrase a line)",
                 "opinion polarity: the extension names the class; phrases are short (one to four words)",
                 aliases={"pos": {"positive"}, "neg": {"negative"}}),
    "spamassassin": Spec("spamassassin-publiccorpus", "text", _spamassassin,
                         "spamassassin.apache.org/old/publiccorpus (20021010_easy_ham.tar.bz2, _hard_ham, _spam) as "
                         "loaders glob them (faisalnazik/crypto-lab spam_data/*/*, is_spam = 'ham' not in path)",
                         "one e-mail a file, the folder its class; `cmds` is the renaming script, no record"),
    "webkb": Spec("webkb-data", "text", _webkb,
                  "CMU World Wide Knowledge Base webkb-data.gtar.gz: webkb/<class>/<university>/<URL, '/' as '^'>, "
                  "each page a MIME header and HTML (classes course, department, faculty, other, project, staff, student)",
                  "the class is the top folder; the university folders below are the same five in every class"),
    "lingspam": Spec("lingspam", "text", _lingspam,
                     "Androutsopoulos et al. Ling-Spam (lingspam_public.tar.gz: bare, lemm, lemm_stop, stop, each "
                     "part1..part10; the readme: spmsg* files are spam)",
                     "the class is only in the file name (spmsg: spam, else legitimate); the parts are folds and the "
                     "four versions preprocessings, neither a class",
                     aliases={"legit": {"legitimate", "ham"}}),
    "op_spam": Spec("op_spam_v1.4", "text", _op_spam,
                    "myleott.com/op_spam_v1.4.zip README (emcmahon013/yelp_fake op_spam_v1.4/README.md): fold<k> "
                    "cross-validation folders; %c_%h_%i.txt, %c (t)ruthful or (d)eceptive",
                    "the class is deceptive or truthful (the folder under the polarity, and the file's first letter); "
                    "polarity is another attribute, folds are no splits",
                    aliases={"deceptive": {"deceptive_from_MTurk", "d"},
                             "truthful": {"truthful_from_Web", "truthful_from_TripAdvisor", "t"}}),
    "hans": Spec("hans-master", "text", _hans,
                 "tommccoy1/hans (heuristics_train_set.txt, heuristics_evaluation_set.txt) read by the HF hans script "
                 "(csv tab-separated, premise sentence1, hypothesis sentence2, label gold_label)",
                 "an NLI pair a row among binary and tagged parse trees of the same sentences; the evaluation set is "
                 "held out, what models trained on MNLI are tested on (McCoy et al. 2019): test (the HF script calls "
                 "it validation, having no other held-out split)"),
    "superglue_cb": Spec("CB", "text", _cb,
                         "super.gluebenchmark.com CB.zip as the TFDS super_glue builder reads it: {premise, hypothesis, "
                         "label, idx}; test.jsonl has no label",
                         "a premise/hypothesis pair labelled contradiction/entailment/neutral"),
    "superglue_copa": Spec("COPA", "text", _copa,
                           "super.gluebenchmark.com COPA.zip as the TFDS super_glue builder reads it: {premise, choice1, "
                           "choice2, question, label, idx}; test.jsonl has no label",
                           "the label is the right choice's number (0: choice1, 1: choice2), the premise the text"),
    "fewrel": Spec("FewRel", "text", _fewrel,
                   "thunlp/FewRel data/ (train_wiki.json, val_wiki.json, pid2name.json) as the HF few_rel script reads "
                   "them: for each relation key, its instances {tokens, h, t}; names from pid2name.json",
                   "the label is the key each sentence is listed under; the text its tokens joined",
                   aliases={pid: {names[0]} for pid, names in _RELATIONS.items()}),
}
