"""Labels guessed from file names, disputed by a table beside that keys the same files with other labels.

Chicken Disease (kaggle allandclive/chicken-disease-1) lays its images flat in `Train/`, named by an
abbreviation of the class (`cocci.334.jpg`, `salmo.466.jpg`, and `pcrsalmo.61.jpg` for the PCR-tested
photographs of the same class), beside `train_data.csv` of 'images,label' (`salmo.466.jpg,Salmonella`).
Where the sample's names shared one `<label>.<number>` pattern, the prefixes were read as the labels
(`cocci`, `pcrsalmo` beside `salmo`: two labels for one class) and the table went unread, exit 0. A table
that names each input and gives it one other value is the dataset's own statement of its labels; where it
gives a sampled input another label than its name's prefix, the prefix is no label to trust, and which is
meant is the user's to say: the name labels are dropped, and the run stops before writing naming the
table (`guards._keyed_table`) and `--label-from-name` both. Where the two agree (`cat.1.jpg,cat`), the
names label the files as before.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import keyed_table_hints
from shardify.config import ConvertConfig
from shardify.plan import file_name_labels, layout

__all__ = ["without_disputed_names"]

_SHOWN = 2


def _same_label(a: str, b: str) -> bool:
    """Two spellings of one label: case, and `_`, `-`, spaces between words, aside.

    >>> _same_label("american_bulldog", "American Bulldog"), _same_label("cocci", "Coccidiosis")
    (True, False)
    """
    return re.sub(r"[\s_\-]+", " ", a.strip().lower()) == re.sub(r"[\s_\-]+", " ", b.strip().lower())


def without_disputed_names(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` without the labels its files' names gave where a table keying the inputs (`keyed_table_hints`)
    labels a sampled input otherwise; as it is where no name pattern labels it, the user chose the pattern or
    the labels file, or no sampled input is in the table's first rows."""
    structure = detected.structure
    if structure is None or structure.name_pattern is None or config.label_from_name or config.labels_file:
        return detected
    media = [p for p in sample if layout.is_media_file(p, detected.media)]
    found = keyed_table_hints.keyed_table(config, sample, media)
    if found is None:
        return detected
    table, key, rows = found
    labelled = {posixpath.basename(row[key].strip()): row[1 - key].strip() for row in rows[1:]}
    regex = re.compile(structure.name_pattern.regex)
    disputed = []
    for path in media:
        name = posixpath.basename(path)
        match = regex.match(posixpath.splitext(name)[0])
        if match and name in labelled and not _same_label(match.group(1), labelled[name]):
            disputed.append(f"{name}: {match.group(1)!r} by its name, {labelled[name]!r} in {table}")
    if not disputed:
        return detected
    return file_name_labels.without_name_labels(detected, "; ".join(disputed[:_SHOWN]))
