"""Kinds that wrote wrong or meaningless labels with exit 0 (hostile and unseen round six), each
tested on an unnamed neighbour and a twin that must stay as it was:

- a label file (`--labels`, or `labels.csv` at the top) whose label column holds class numbers, some cells of which are none
  (`NaN`, `-3`, `1.5`): each was a class of its own; now each rejects its input naming the cell;
  a label column of names (one of them `nan`) keeps every name as a class;
- a folder of masks whose name is no mask word (`contours/`) mirroring the images' stems: it was a
  class, the masks its records (exit 0); it stops naming the folder and the layout file's
  `structure.mask_folders` (since masks15, where it is all there is beside the images and holds one
  mask an image, it is read as their masks); classes sharing numbered names (photos, or two-valued
  images both) stay;

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.one_place import Reject, one_place_each, records, rejects
from helpers.sources import convert, image_bytes, write_file
from shardify.errors import UsageError
from shardify.plan import layout_file


def _labelled(root: Path, labels: list[str]) -> None:
    """`photos/p<i>.png` and a top-level `annotations.tsv` (`file<TAB>category`) labelling each."""
    rows = ["file\tcategory"]
    for i, label in enumerate(labels):
        write_file(root / f"photos/p{i:03d}.png", image_bytes(fmt="PNG", seed=i))
        rows.append(f"p{i:03d}.png\t{label}")
    write_file(root / "annotations.tsv", "\n".join(rows) + "\n")


def test_a_label_files_class_number_cells_that_are_none_reject_their_inputs(tmp_path: Path) -> None:
    labels = [str(i % 4) for i in range(10)] + ["NaN", "-3", "1.5"]
    _labelled(tmp_path / "src", labels)
    out = convert(tmp_path / "src", tmp_path / "out", labels_file=str(tmp_path / "src/annotations.tsv"))
    expected: dict[str, object] = {f"photos/p{i:03d}.png": ("train", (str(i % 4),)) for i in range(10)}
    for n, cell in enumerate(labels[10:]):
        expected[f"photos/p{10 + n:03d}.png#{12 + n}"] = Reject(repr(cell))
    one_place_each(expected, out)


def test_a_label_files_names_stay_classes_whatever_they_read(tmp_path: Path) -> None:
    labels = ["cat", "dog", "nan", "cat", "dog", "nan", "-1", "bird"]
    _labelled(tmp_path / "src", labels)
    out = convert(tmp_path / "src", tmp_path / "out", labels_file=str(tmp_path / "src/annotations.tsv"))
    one_place_each({f"photos/p{i:03d}.png": ("train", (label,)) for i, label in enumerate(labels)}, out)


def _mirrored(root: Path, images: str, second: str, *, second_mode: str, nested: bool = False, count: int = 6) -> None:
    """`<images>/IMG_<i>.jpg` (RGB photos) and `<second>/IMG_<i>.png` of the same stems (in a
    folder per part when `nested`): `second_mode` "mask" for two-valued single-channel PNGs, else
    photos of their own."""
    import numpy as np
    from PIL import Image
    import io

    for i in range(count):
        write_file(root / f"{images}/IMG_{i}.jpg", image_bytes(size=(20, 16), seed=i))
        for part in (("left/", "right/") if nested else ("",)):
            if second_mode == "mask":
                pixels = (np.random.default_rng(i).integers(0, 2, (16, 20)) * 255).astype(np.uint8)
                buffer = io.BytesIO()
                Image.fromarray(pixels, "L").save(buffer, "PNG")
                data = buffer.getvalue()
            else:
                data = image_bytes(fmt="PNG", size=(20, 16), seed=100 + i)
            write_file(root / f"{second}/{part}IMG_{i}.png", data)


@pytest.mark.parametrize("nested", [False, True])
def test_a_folder_of_masks_named_as_no_mask_mirroring_the_images_stops_naming_it(tmp_path: Path, nested: bool) -> None:
    """`contours/IMG_<i>.png` (or `contours/<part>/IMG_<i>.png`) two-valued beside `photos/IMG_<i>.jpg`:
    it was a class of its own, the masks its records (exit 0); it stops naming the folder and
    the layout file's mask_folders, with which the photos convert and the masks are set aside."""
    root = tmp_path / "src"
    _mirrored(root, "photos", "contours", second_mode="mask", nested=nested)
    if not nested:  # a mask an image, nothing else beside them: masks by their shape (beam_jobs/discover/mirror_masks.py)
        out = convert(root, tmp_path / "first")
        assert records(out) == {f"photos/IMG_{i}.jpg": ("train", (), "") for i in range(6)}  # each with its mask
        return
    with pytest.raises(UsageError, match=r"contours/ repeats the file names of photos/.*structure\.mask_folders"):
        convert(root, tmp_path / "first")
    # the layout as --dry-run --layout-file writes it, `contours` added under mask_folders
    spec = layout_file.loads("shardify_layout: 1\nlayout: image_folders\nmedia: image\nstructure:\n  mask_folders: [contours]\n"
                             "  label_levels:\n    '*': -1\n", where="layout.yaml")
    out = convert(root, tmp_path / "out", layout_given=spec.layout)
    assert sorted(records(out)) == [f"photos/IMG_{i}.jpg" for i in range(6)]


@pytest.mark.parametrize("twin", ["photos", "binary"])
def test_classes_sharing_numbered_file_names_stay_classes(tmp_path: Path, twin: str) -> None:
    """`cats/IMG_<i>.jpg` beside `dogs/IMG_<i>.png` of the same stems (photos both), or two classes
    of two-valued images (`circles/`, `squares/`): classes, as before."""
    root = tmp_path / "src"
    if twin == "photos":
        _mirrored(root, "cats", "dogs", second_mode="photo")
        expected = {**{f"cats/IMG_{i}.jpg": ("train", ("cats",)) for i in range(6)},
                    **{f"dogs/IMG_{i}.png": ("train", ("dogs",)) for i in range(6)}}
    else:
        _mirrored(root, "unused", "circles", second_mode="mask")
        _mirrored(root, "unused", "squares", second_mode="mask")
        import shutil

        shutil.rmtree(root / "unused")
        expected = {f"{c}/IMG_{i}.png": ("train", (c,)) for c in ("circles", "squares") for i in range(6)}
    out = convert(root, tmp_path / "out")
    one_place_each(expected, out)


def _gt_masked(root: Path, count: int = 10) -> dict[str, object]:
    """`images/f<i>.jpg` beside `gt/f<i>_mask.png` (two-valued); {frame: ('train', ())}."""
    import io

    import numpy as np
    from PIL import Image

    for i in range(count):
        write_file(root / f"images/f{i}.jpg", image_bytes(size=(20, 16), seed=i))
        buffer = io.BytesIO()
        Image.fromarray((np.random.default_rng(i).integers(0, 2, (16, 20)) * 255).astype(np.uint8), "L").save(buffer, "PNG")
        write_file(root / f"gt/f{i}_mask.png", buffer.getvalue())
    return {f"images/f{i}.jpg": ("train", ()) for i in range(count)}


def test_masks_the_listing_leaves_out_count_where_detection_judges_the_folder(tmp_path: Path) -> None:
    """Two of ten masks links leading outside SRC: the folder was 8 of 10 and not read as masks
    (the run stopped asking for labels, naming neither link); now each link's image is a reject
    naming its mask, the others written with theirs."""
    root = tmp_path / "src"
    expected = _gt_masked(root)
    for i in (3, 7):
        outside = write_file(tmp_path / f"elsewhere/m{i}.png", (root / f"gt/f{i}_mask.png").read_bytes())
        (root / f"gt/f{i}_mask.png").unlink()
        (root / f"gt/f{i}_mask.png").symlink_to(outside)
        expected[f"images/f{i}.jpg"] = Reject(f"gt/f{i}_mask.png")
    out = convert(root, tmp_path / "out")
    one_place_each(expected, out, ignored={"gt/f3_mask.png", "gt/f7_mask.png"})


def test_images_truly_without_masks_keep_the_folder_unread_as_before(tmp_path: Path) -> None:
    """Two of ten masks absent (no file, no link): the folder stays short of the bar and the run
    stops before writing, as before."""
    root = tmp_path / "src"
    _gt_masked(root)
    for i in (3, 7):
        (root / f"gt/f{i}_mask.png").unlink()
    with pytest.raises(UsageError):
        convert(root, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_masks_beside_images_whose_stems_carry_a_word_of_their_own_are_no_inputs(tmp_path: Path) -> None:
    """`images/<id>_rgb.png` beside `images/<id>_gt.png` (DeepGlobe's `<id>_sat.jpg`, `<id>_mask.png`):
    the masks were inputs; now set aside, and with no labels the run stops naming --label-level 0."""
    root = tmp_path / "src"
    for i in range(5):
        write_file(root / f"images/t{i}_rgb.png", image_bytes(fmt="PNG", seed=i))
        write_file(root / f"images/t{i}_gt.png", image_bytes(mode="L", fmt="PNG", seed=50 + i))
    with pytest.raises(UsageError, match="--label-level 0"):
        convert(root, tmp_path / "first")
    out = convert(root, tmp_path / "out", label_level=0)
    assert sorted(records(out)) == [f"images/t{i}_rgb.png" for i in range(5)]


def test_pairs_of_views_whose_stems_end_in_words_of_their_own_stay_inputs(tmp_path: Path) -> None:
    """`<id>_left.jpg` beside `<id>_right.jpg` (stereo views, no mask word): both are inputs, as before."""
    root = tmp_path / "src"
    for i in range(4):
        for side in ("left", "right"):
            write_file(root / f"views/v{i}_{side}.jpg", image_bytes(seed=i * 2 + (side == "right")))
    out = convert(root, tmp_path / "out", label_level=0)
    assert sorted(records(out)) == sorted(f"views/v{i}_{side}.jpg" for i in range(4) for side in ("left", "right"))


def _tagged(root: Path, cells: list[str]) -> None:
    """`pics/<n>.jpg` beside `metadata.csv` (`image_id,tags,year`), its tags cells as given."""
    rows = ["image_id,tags,year"]
    for n, cell in enumerate(cells):
        write_file(root / f"pics/a{n:03d}.jpg", image_bytes(seed=n))
        quoted = '"' + cell.replace('"', '""') + '"' if "," in cell or '"' in cell else cell
        rows.append(f"a{n:03d},{quoted},{1990 + n % 3}")
    write_file(root / "metadata.csv", "\n".join(rows) + "\n")


def test_list_literal_label_cells_are_several_labels_each(tmp_path: Path) -> None:
    """JSON lists of names in a keyed table's label cells (`["cat", "indoor"]`; Kaggle's movie
    posters write Python's `['Comedy', 'Drama']`): each a record's labels. It stopped naming only
    --labels, whose reading then made each list one class; a cell that is no list is its row's reject."""
    cells = ['["cat", "indoor"]', '["dog"]', '["cat", "outdoor", "night"]', '["dog", "indoor"]', "['cat']", "cat"]
    _tagged(tmp_path / "src", cells)
    out = convert(tmp_path / "src", tmp_path / "out")
    expected: dict[str, object] = {
        "pics/a000.jpg": ("train", ("cat", "indoor")), "pics/a001.jpg": ("train", ("dog",)),
        "pics/a002.jpg": ("train", ("cat", "night", "outdoor")), "pics/a003.jpg": ("train", ("dog", "indoor")),
        "pics/a004.jpg": ("train", ("cat",)), "pics/a005.jpg": ("train", ()),  # its row's reject, it unlabelled
    }
    one_place_each(expected, out, ignored={"metadata.csv#7"})
    assert "'cat'" in rejects(out)["metadata.csv#7"]


def test_label_cells_of_plain_names_stay_one_label_each(tmp_path: Path) -> None:
    """The twin: names (one of them in brackets, `[unsure]`) stay one label each, as before."""
    cells = ["cat", "dog", "cat", "dog", "[unsure]", "cat"]
    _tagged(tmp_path / "src", cells)
    out = convert(tmp_path / "src", tmp_path / "out")
    one_place_each({f"pics/a{n:03d}.jpg": ("train", (cell,)) for n, cell in enumerate(cells)}, out)


def _npy(path: Path, array) -> None:
    import io

    import numpy as np

    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=True)
    write_file(path, buffer.getvalue())


def test_an_array_of_images_per_class_file_is_a_record_per_row_labelled_by_the_file(tmp_path: Path) -> None:
    """`bitmaps/<class>.npy` (Quick, Draw!'s `full_numpy_bitmap_<class>.npy` re-cut): rows of 1,024
    values (32 x 32) in one, [N, 32, 32] in another; a file of Python objects is its reject. It
    stopped: 'holds no images or texts'."""
    import numpy as np

    rng = np.random.default_rng(3)
    _npy(tmp_path / "src/bitmaps/sun.npy", rng.integers(0, 256, (3, 1024), dtype=np.uint8))
    _npy(tmp_path / "src/bitmaps/moon.npy", rng.integers(0, 256, (2, 32, 32), dtype=np.uint8))
    _npy(tmp_path / "src/bitmaps/star.npy", np.array([{"x": 1}], dtype=object))
    out = convert(tmp_path / "src", tmp_path / "out")
    expected: dict[str, object] = {f"bitmaps/sun.npy#{i}": ("train", ("sun",)) for i in range(3)}
    expected.update({f"bitmaps/moon.npy#{i}": ("train", ("moon",)) for i in range(2)})
    expected["bitmaps/star.npy"] = Reject("Python objects")
    one_place_each(expected, out)


def test_a_npy_file_beside_images_stays_auxiliary(tmp_path: Path) -> None:
    """The twin: `features.npy` and `embeddings.npy` beside class folders of images stay auxiliary files."""
    import numpy as np

    for label in ("ant", "bee"):
        for i in range(3):
            write_file(tmp_path / f"src/{label}/{i}.jpg", image_bytes(seed=i + (label == "bee") * 10))
    _npy(tmp_path / "src/features.npy", np.zeros((6, 1024), dtype=np.uint8))
    _npy(tmp_path / "src/embeddings.npy", np.zeros((6, 784), dtype=np.uint8))
    out = convert(tmp_path / "src", tmp_path / "out")
    one_place_each({f"{label}/{i}.jpg": ("train", (label,)) for label in ("ant", "bee") for i in range(3)}, out)


def test_npy_files_of_an_x_y_pair_are_no_classes(tmp_path: Path) -> None:
    """The other twin: `train_images.npy`, `train_labels.npy`, `test_images.npy`, `test_labels.npy`
    (images and their labels, as a split's arrays ship) are no four classes named by the files
    (hostile round seven found `x_train.npy`'s images labelled `x_train` with exit 0): each images
    file is labelled by its labels file, in the split its name gives (issue 30's X/y pairs)."""
    import numpy as np

    rng = np.random.default_rng(4)
    for split in ("train", "test"):
        _npy(tmp_path / f"src/{split}_images.npy", rng.integers(0, 256, (4, 28, 28), dtype=np.uint8))
        _npy(tmp_path / f"src/{split}_labels.npy", np.arange(4) % 2)
    out = convert(tmp_path / "src", tmp_path / "out")
    one_place_each({f"{split}_images.npy#{i}": (split, (str(i % 2),)) for split in ("train", "test") for i in range(4)}, out)


def _takes(root: Path, rows: list[tuple[int, int, str]], *, names: str = "rec-{subject}-{take}.png") -> None:
    """`recordings/rec-<subject>-<take>.png` and `takes.csv` (`take,subject,gesture`): the file name
    built from two columns, in another order than the table's."""
    lines = ["take,subject,gesture"]
    for n, (subject, take, gesture) in enumerate(rows):
        write_file(root / "recordings" / names.format(subject=subject, take=take), image_bytes(fmt="PNG", seed=n))
        lines.append(f"{take},{subject},{gesture}")
    write_file(root / "takes.csv", "\n".join(lines) + "\n")


def test_a_table_naming_its_files_by_several_columns_labels_them(tmp_path: Path) -> None:
    """Chinese MNIST's `input_<suite>_<sample>_<code>.jpg` keyed by three columns, here
    `rec-<subject>-<take>.png` by two in the other order: no one column names a file, and the run
    stopped naming nothing that helps; now each file has its row's label."""
    rows = [(s, t, ("wave", "point", "fist")[(s * 3 + t) % 3]) for s in (11, 12, 13) for t in (1, 2)]
    _takes(tmp_path / "src", rows)
    out = convert(tmp_path / "src", tmp_path / "out")
    one_place_each({f"recordings/rec-{s}-{t}.png": ("train", (g,)) for s, t, g in rows}, out)


def test_files_no_order_of_columns_names_stay_unread_by_the_table(tmp_path: Path) -> None:
    """The twin: stems whose varying words no columns give (`rec-<subject>-<n>` with n no take)
    leave the table unread; the run stops before writing, as before."""
    rows = [(s, t, ("wave", "point")[t % 2]) for s in (11, 12, 13) for t in (1, 2)]
    _takes(tmp_path / "src", rows, names="rec-{subject}-9{take}.png")
    with pytest.raises(UsageError):
        convert(tmp_path / "src", tmp_path / "out")


def test_a_layout_files_key_template_holds_column_numbers_only(tmp_path: Path) -> None:
    """`key_template` is formatted with a row's cells: a field that is no column number
    (`{0.__class__}`, `{x}`, `{0:>99999}`) is refused in one line naming it; `{0}_{1}` is read."""
    text = ("shardify_layout: 1\nlayout: image_folders\nmedia: image\nevidence:\n- {path: t.csv, kind: label lines, header: true, "
            "column: 0, label_column: 2, key_template: 'TEMPLATE'}\n")
    for bad in ("rec-{0.__class__}", "rec-{x}", "rec-{0:>99999}", "rec-{0"):
        with pytest.raises(UsageError, match="key_template|key template"):
            layout_file.loads(text.replace("TEMPLATE", bad), where="l.yaml")
    assert layout_file.loads(text.replace("TEMPLATE", "rec-{1}-{0}"), where="l.yaml").layout.evidence[0].key_template == "rec-{1}-{0}"
