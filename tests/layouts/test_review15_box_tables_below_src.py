"""A box table in each class folder, the dataset's folder one level below SRC (review15).

beside's `layout.is_auxiliary` set aside every file under a BOX_FILES Evidence's folder (for
FlickrLogos' `classes/masks/` tree of box files apart from `classes/jpg/`). Its box table per class
folder (`folder_tables.py`: UEC FOOD's `<id>/bb_info.txt` beside `<id>/1.jpg`) is one Evidence at
the tables' common folder, which is the images' own: converting the download (`UECFOOD100/` below
SRC, as the archive unpacks) set every image aside: 0 records, each table's rows rejected "names no
file". Converted from the download or from the dataset's folder, the records are now the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import beside_annotations, blind14
from helpers.one_place import records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig


@pytest.mark.parametrize(("builders", "name"), [(beside_annotations.DATASETS, "uec_food100"), (blind14.DATASETS, "uec_food256")])
def test_box_tables_per_class_folder_read_alike_from_the_download(builders, name, tmp_path: Path) -> None:
    truth = builders[name](tmp_path / "download")
    below = truth.root.relative_to(tmp_path / "download").as_posix()
    assert below not in ("", ".")  # (the dataset's folder lies below the download, as its archive unpacks)
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "root_out")))
    run_conversion(ConvertConfig(str(tmp_path / "download"), str(tmp_path / "download_out")))
    from_root = records(tmp_path / "root_out")
    assert from_root
    assert records(tmp_path / "download_out") == {f"{below}/{key}": value for key, value in from_root.items()}
