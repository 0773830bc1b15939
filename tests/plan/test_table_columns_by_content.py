"""Tables and array files whose meaning the files' content decides (issue 30's second round).

Pure functions, read on tables written as the datasets ship them: CoLA's headerless
`source  label  mark  sentence` rows, Sentiment140's latin-1 CSV, FER2013's `pixels` strings,
EMNIST's subsets side by side.
"""

from __future__ import annotations

import io

import pytest

from shardify.converters import table_scans, tables
from shardify.converters.columns import TableOptions
from shardify.errors import InvalidInputError, UsageError
from shardify.plan.array_subsets import check_one_subset_per_split
from shardify.plan.structure import split_word

_COLA = "".join(
    f"{src}\t{label}\t{'' if label else '*'}\tThe {noun} {'was' if label else 'were'} seen by them {i}.\n"
    for i, (src, label, noun) in enumerate(
        [("gj04", 1, "dog"), ("bc01", 0, "cats"), ("ks08", 1, "book"), ("clc95", 1, "car"), ("gj04", 0, "trees"), ("bc01", 1, "man")]
    )
)


def _columns(text: str, encoding: str = "utf-8", **options: object):
    header, _ = table_scans.read_table(io.BytesIO(text.encode(encoding)), tables.TSV if "\t" in text else tables.CSV,
                                  options=TableOptions(encoding=encoding, **options))
    return header.resolve(TableOptions(encoding=encoding, **options))


def test_a_headerless_column_of_few_repeated_small_numbers_is_the_label() -> None:
    columns = _columns(_COLA)
    assert (columns.texts, columns.label) == (("4",), "2")


def test_two_columns_that_could_each_be_the_label_stop_the_table_naming_label_column() -> None:
    rows = "".join(f"src{i % 2}\t{i % 3}\t{i % 2}\tA sentence of several words, number {i}.\n" for i in range(8))
    with pytest.raises(InvalidInputError, match="--label-column 2"):
        _columns(rows)
    assert _columns(rows, label_column="3").label == "3"


def test_ids_are_no_label() -> None:
    rows = "".join(f"src{i % 2}\t{i}\tA sentence of several words, number {i}.\n" for i in range(8))
    assert _columns(rows).label == ""


def test_a_column_of_pixel_strings_is_never_text_even_when_named() -> None:
    rows = "emotion,pixels,Usage\n" + "".join(f"{i % 7},{' '.join(str((i * j) % 256) for j in range(2304))},Training\n" for i in range(5))
    with pytest.raises(InvalidInputError, match="rows of numbers"):
        _columns(rows, text_columns=("pixels",))


def test_tables_are_read_in_the_encoding_given_and_the_reject_names_encoding() -> None:
    row = '"0","1467810369","Mon Apr 06 22:19:45 PDT 2009","NO_QUERY","user","the caf\u00e9 is where we met"\n'
    data = (row * 3).encode("latin-1")
    with pytest.raises(InvalidInputError, match="not valid UTF-8.*--encoding"):
        table_scans.read_table(io.BytesIO(data), tables.CSV, options=TableOptions())
    header, rows = table_scans.read_table(io.BytesIO(data), tables.CSV, options=TableOptions(encoding="latin-1"))
    cells = [row.cells for row in rows]
    assert len(cells) == 3 and cells[0]["6"] == "the caf\u00e9 is where we met"
    back = table_scans.parse_row(row.encode("latin-1"), tables.CSV, header.columns, "latin-1")
    assert back["6"] == "the caf\u00e9 is where we met"


def test_split_words_joined_to_data_or_set_name_the_split() -> None:
    assert [split_word(n) for n in ("testdata.manual.2009.06.14", "trainset", "valset", "devanagari", "contest")] == [
        "test", "train", "val", None, None]


def test_array_subsets_filling_one_split_stop_naming_them() -> None:
    files = [f"gzip/emnist-{s}-{split}-images-idx3-ubyte.gz" for s in ("balanced", "digits") for split in ("train", "test")]
    with pytest.raises(UsageError, match="emnist-balanced.*emnist-digits.*split_patterns"):
        check_one_subset_per_split(files)
    check_one_subset_per_split(["mnist/train-images-idx3-ubyte.gz", "mnist/t10k-images-idx3-ubyte.gz"])


def test_a_label_column_number_that_falls_on_a_headed_tables_text_leaves_that_table_unlabelled() -> None:
    test_tsv = "index\tsentence\n" + "".join(f"{i}\tSome fine sentence of words {i}.\n" for i in range(4))
    columns = _columns(test_tsv, label_column="2")
    assert (columns.texts, columns.label) == (("sentence",), "")
    assert _columns(_COLA, label_column="2").label == "2"


def test_a_matlab_image_array_with_the_count_last_reads_as_images_with_its_label_vector(tmp_path) -> None:
    import numpy as np
    import scipy.io

    from shardify.converters import mat_arrays

    x = np.arange(4 * 5 * 3 * 2, dtype=np.uint8).reshape(4, 5, 3, 2)  # H, W, C, N as MATLAB writes SVHN's X
    scipy.io.savemat(tmp_path / "train_32x32.mat", {"X": x, "y": np.array([[10], [3]], dtype=np.uint8)})
    with open(tmp_path / "train_32x32.mat", "rb") as f:
        assert mat_arrays.holds_images(f)
    with open(tmp_path / "train_32x32.mat", "rb") as f:
        images = mat_arrays.read_mat_images(f, 1 << 20)
    with open(tmp_path / "train_32x32.mat", "rb") as f:
        labels = mat_arrays.read_mat_labels(f, 1 << 20)
    assert images.shape == (2, 4, 5, 3) and (images[1] == x[:, :, :, 1]).all()
    assert labels.tolist() == [10, 3]
    assert mat_arrays.mat_label_names("svhn/train_32x32.mat") == {10: "0"}
    assert mat_arrays.mat_label_names("other/train.mat") == {}
    scipy.io.savemat(tmp_path / "lists.mat", {"trnid": np.arange(5), "valid": np.arange(3)})
    with open(tmp_path / "lists.mat", "rb") as f:
        assert not mat_arrays.holds_images(f)
