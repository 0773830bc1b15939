"""Hostile input, eleventh round: the readers given our own output forged as a careful forger would
forge it (framing CRCs, index, sizes and checksums made to match; `helpers.shard_io.forge_first_record`),
its content lying: a label outside the manifest's labels, image bytes that are no image or another
format than the record says, a size of -5 or one the image does not have, boxes of NaN, infinity,
corners past 1 or out of order, object features of other lengths than the objects', a class the
manifest's objects do not give; a shard cut mid-record or grown past the manifest's size; DALI
index files whose offsets point past the shard's end, into a record, or give fewer records; a
shard listed as `../` or reached through a link, for the DALI reader too; and `--seed -1`.

Each reader (`shardify.load`, `shardify.torch` where torch imports, `shardify.dali`'s pipeline,
which refuses before DALI is imported, and `shardify verify`) fails naming the output, the key and
what is wrong, at the latest when the bad record is reached: never a wrong value handed to
training, never a hang. docs/reading.md ("What the readers check") says which reader checks what,
and when. The outputs are two tiny conversions made once for the module; each case copies one.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from helpers.cli_runs import message, run_shardify
from helpers.shard_io import forge_first_record
from helpers.sources import convert, image_bytes
from shardify.errors import CorruptShardError, ManifestError
from shardify.format import contract, example_proto, naming
from shardify.format.manifest import load_manifest
from shardify.inspect.verify import verify_output

tf = pytest.importorskip("tensorflow")
import shardify  # noqa: E402 - after TensorFlow is known to import

Change = Callable[[dict], object]


def _write(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data) if isinstance(data, bytes) else path.write_text(data)


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A class-folder output of six JPEGs, and a YOLO export of two images with two boxes each."""
    root = tmp_path_factory.mktemp("round11")
    for i in range(6):
        _write(root / "cls" / ("cat" if i % 2 else "dog") / f"{i}.jpg", image_bytes(seed=i))
    export = root / "yolo" / "coco8"
    for seed, split in enumerate(("train", "val")):
        _write(export / "images" / split / f"{split}.jpg", image_bytes(size=(24, 16), seed=seed))
        _write(export / "labels" / split / f"{split}.txt", "1 0.5 0.5 0.2 0.2\n0 0.25 0.25 0.1 0.1\n")
    _write(export / "data.yaml", "path: ../datasets/coco8\ntrain: images/train\nval: images/val\nnames: [person, car]\n")
    return {"classes": convert(root / "cls", root / "cls_out"), "detection": convert(root / "yolo", root / "det_out")}


def _set(key: str, kind: str, values: list) -> Change:
    return lambda features: features.__setitem__(key, (kind, values))


def _forged(outputs: dict[str, Path], kind: str, change: Change, tmp_path: Path) -> tuple[Path, str]:
    out = tmp_path / "out"
    shutil.copytree(outputs[kind], out)
    return out, forge_first_record(out, "train", change)


def _load_error(out: Path, **options: object) -> str:
    """The message `shardify.load` fails with, reading every record of `train`."""
    with pytest.raises(tf.errors.InvalidArgumentError) as error:
        for _ in shardify.load(str(out), "train", shuffle=False, **options):
            pass
    return error.value.message


# (output, change, what verify says, what load says): each a value no writer writes.
_LIES = {
    "label 7 of 2": ("classes", _set(contract.LABEL, example_proto.INT64, [7]), "not a label index", "not a label index"),
    "label -1 in a split with none unlabelled": (
        "classes", _set(contract.LABEL, example_proto.INT64, [-1]), "not a label index", "not a label index"
    ),
    "bytes that are no image": (
        "classes", _set(contract.IMAGE_ENCODED, example_proto.BYTES, [b"GIF? no, text"]), "is no bmp, gif, jpeg",
        "not the image/format it names",
    ),
    "a png its record calls jpeg": (
        "classes", _set(contract.IMAGE_ENCODED, example_proto.BYTES, [image_bytes(fmt="PNG")]),
        "is a png image, but image/format says 'jpeg'", "not the image/format it names",
    ),
    "height -5": ("classes", _set(contract.IMAGE_HEIGHT, example_proto.INT64, [-5]), "image/height is -5", "image/height or image/width below 1 pixel"),
    "a NaN xmin": (
        "detection", _set(contract.OBJECT_XMIN, example_proto.FLOAT, [float("nan"), 0.2]), "image/object/bbox/xmin is nan",
        "corners are not numbers within [0, 1]",
    ),
    "an infinite ymax": (
        "detection", _set(contract.OBJECT_YMAX, example_proto.FLOAT, [float("inf"), 0.3]), "image/object/bbox/ymax is inf",
        "corners are not numbers within [0, 1]",
    ),
    "ymax 5": ("detection", _set(contract.OBJECT_YMAX, example_proto.FLOAT, [5.0, 0.3]), "normalised to [0, 1]", "within [0, 1]"),
    "xmax below xmin": ("detection", _set(contract.OBJECT_XMAX, example_proto.FLOAT, [0.0, 0.3]), "corners out of order", "xmin <= xmax"),
    "one xmin for two boxes": (
        "detection", _set(contract.OBJECT_XMIN, example_proto.FLOAT, [0.4]), "holds 1 values for 2 objects", "other lengths",
    ),
    "three classes for two boxes": (
        "detection", _set(contract.OBJECT_LABEL, example_proto.INT64, [1, 2, 1]), "for 3 objects", "other lengths",
    ),
    "class 99 of classes 1 and 2": (
        "detection", _set(contract.OBJECT_LABEL, example_proto.INT64, [99, 1]), "image/object/class/label is 99",
        "no class number of objects.classes in the manifest",
    ),
}


@pytest.mark.parametrize("case", list(_LIES))
def test_a_forged_record_fails_verify_and_load_naming_the_key_never_read_as_a_value(
    case: str, outputs: dict[str, Path], tmp_path: Path
) -> None:
    kind, change, verify_says, load_says = _LIES[case]
    out, shard = _forged(outputs, kind, change, tmp_path)
    with pytest.raises(CorruptShardError) as error:
        verify_output(load_manifest(str(out)))
    assert str(error.value).startswith(f"{shard}, record 0: ") and verify_says in str(error.value), str(error.value)
    said = _load_error(out)
    assert f"shardify: a record of {out}" in said and load_says in said, said
    if kind == "detection":  # the crop path moves boxes with the window: it reads the same checks first
        assert load_says in _load_error(out, image_size=(8, 8), fit="random_crop", seed=1)


def test_a_record_whose_size_is_not_its_images_fails_load_whichever_way_it_is_fitted(
    outputs: dict[str, Path], tmp_path: Path
) -> None:
    """The size a record gives places its crop window and boxes and is returned beside the image:
    a JPEG of 24x16 recorded as 1000 rows high is refused, not returned as `height` 1000 (the whole
    decode compares the decoded shape, a JPEG crop and a scaled decode the header's)."""
    out, _ = _forged(outputs, "classes", _set(contract.IMAGE_HEIGHT, example_proto.INT64, [1000]), tmp_path)
    scaled = [{"image_size": (8, 8), "scaled_decode": True}, {"image_size": (8, 8), "fit": "random_crop", "scaled_decode": True}]
    for options in ({}, {"image_size": (8, 8), "fit": "center_crop", "batch_size": 2}, {"image_size": (8, 8), "fit": "pad"}, *scaled):
        said = _load_error(out, **options)
        assert "size is not its image/height and image/width" in said and "1000" in said, (options, said)


def test_the_torch_readers_refuse_forged_values_naming_shard_record_and_key(outputs: dict[str, Path], tmp_path: Path) -> None:
    torch_reader = pytest.importorskip("shardify.torch")
    for number, case in enumerate(("a png its record calls jpeg", "height -5", "a NaN xmin", "class 99 of classes 1 and 2")):
        kind, change, verify_says, _ = _LIES[case]
        out, shard = _forged(outputs, kind, change, tmp_path / str(number))
        for dataset in (torch_reader.ShardDataset(str(out), "train", shuffle=False), torch_reader.IndexedDataset(str(out), "train")):
            with pytest.raises(CorruptShardError) as error:
                list(dataset) if isinstance(dataset, torch_reader.ShardDataset) else dataset[0]
            assert str(error.value).startswith(f"{shard}, record 0: ") and verify_says in str(error.value), (case, str(error.value))


# --- shards and index files that lie about where the records are -----------------------------------


def _cut(shard: Path) -> None:
    shard.write_bytes(shard.read_bytes()[: shard.stat().st_size // 2])  # mid-record


def _grown(shard: Path) -> None:
    shard.write_bytes(shard.read_bytes() * 2)  # records the manifest does not count


@pytest.mark.parametrize("damage, said", [(_cut, "cut short"), (_grown, "longer")], ids=["cut mid-record", "grown"])
def test_a_shard_of_another_size_than_its_manifest_says_is_refused_when_a_reader_opens_it(
    damage: Callable[[Path], None], said: str, outputs: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    shutil.copytree(outputs["classes"], out)
    shard = out / load_manifest(str(out)).splits["train"].shards[0].path
    damage(shard)
    expected = f"shard {shard}: is {shard.stat().st_size} bytes, the manifest says"
    with pytest.raises(ManifestError) as error:
        shardify.load(str(out), "train")
    assert str(error.value).startswith(expected) and said in str(error.value), str(error.value)
    dali = pytest.importorskip("shardify.dali")
    with pytest.raises(ManifestError, match=said):
        dali.pipeline(str(out), "train", batch_size=2, device_id=None)


def _index_lines(edit: Callable[[list[str]], list[str]]) -> Callable[[Path], None]:
    return lambda index: index.write_text("\n".join(edit(index.read_text().splitlines())) + "\n")


@pytest.mark.parametrize(
    "edit, said",
    [
        (_index_lines(lambda lines: [*lines[:-1], lines[-1].split()[0] + " 99999"]), "its records end at byte"),
        (_index_lines(lambda lines: [lines[0], "10 " + lines[1].split()[1], *lines[2:]]), "record 1 is not where the one before it ends"),
        (_index_lines(lambda lines: lines[:3]), "gives 3 records, the manifest 6"),
        (_index_lines(lambda lines: ["offset size", *lines[1:]]), "line 1 is not 'offset size'"),
    ],
    ids=["past the end", "into a record", "fewer lines", "not numbers"],
)
def test_a_dali_index_that_lies_is_refused_before_dali_reads_it(
    edit: Callable[[Path], None], said: str, outputs: dict[str, Path], tmp_path: Path
) -> None:
    """DALI follows an index without a question: offsets past the end or into a record failed
    deep in its C++ reader naming no file, and fewer lines read fewer records with no word."""
    dali = pytest.importorskip("shardify.dali")
    out = tmp_path / "out"
    shutil.copytree(outputs["classes"], out)
    index = out / load_manifest(str(out)).splits["train"].shards[0].index
    edit(index)
    with pytest.raises(ManifestError) as error:
        dali.pipeline(str(out), "train", batch_size=2, device_id=None)
    assert str(error.value).startswith(f"shard {index}: ") and said in str(error.value), str(error.value)


def test_the_dali_reader_opens_no_shard_through_a_link_or_outside_the_output(outputs: dict[str, Path], tmp_path: Path) -> None:
    dali = pytest.importorskip("shardify.dali")
    out = tmp_path / "out"
    shutil.copytree(outputs["classes"], out)
    name = load_manifest(str(out)).splits["train"].shards[0].path
    outside = tmp_path / "elsewhere.tfrecord"
    shutil.move(out / name, outside)
    (out / name).symlink_to(outside)  # the same bytes, outside OUT
    with pytest.raises(ManifestError, match="a symbolic link"):
        dali.pipeline(str(out), "train", batch_size=2, device_id=None)
    manifest = json.loads((out / naming.MANIFEST_FILENAME).read_text())
    manifest["splits"]["train"]["shards"][0]["path"] = "../../etc/passwd"
    (out / naming.MANIFEST_FILENAME).write_text(json.dumps(manifest))
    with pytest.raises(ManifestError, match="etc/passwd"):
        dali.pipeline(str(out), "train", batch_size=2, device_id=None)


# --- the command line ---------------------------------------------------------------------------------


def test_a_negative_seed_is_refused_before_anything_is_written(outputs: dict[str, Path], tmp_path: Path) -> None:
    """-1 means "random" to many tools; here every seed gives one fixed order, so -1 would quietly
    be one more fixed seed."""
    source = tmp_path / "src"
    _write(source / "a" / "0.jpg", image_bytes(seed=0))
    result = run_shardify("convert", str(source), str(tmp_path / "out"), "--seed=-1")
    assert result.returncode == 2 and "--seed" in message(result.stderr) and "Traceback" not in result.stderr, result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "args, option",
    [
        (["--records", str(10**23)], "--records"),
        (["--batch-size", str(10**23), "--image-size", "8"], "batch_size"),
        (["--seed", str(2**70), "--fit", "random_crop", "--image-size", "8"], "seed"),
    ],
    ids=["records past int64", "a batch past int64", "a seed past int64"],
)
def test_bench_numbers_past_int64_are_refused_in_one_line_not_a_tensorflow_traceback(
    args: list[str], option: str, outputs: dict[str, Path]
) -> None:
    """Each became an int64 tensor: `Python int too large to convert to C long`, a traceback."""
    result = run_shardify("bench", str(outputs["classes"]), *args)
    assert result.returncode == 2 and option in message(result.stderr) and "Traceback" not in result.stderr, result.stderr


@pytest.mark.parametrize(
    "text, said",
    [("[" * 10_000 + "]" * 10_000, "is not valid JSON"), ("not json at all", "is not valid JSON"), ("\udcff", "cannot read")],
    ids=["nested 10,000 deep", "not JSON", "not UTF-8"],
)
def test_the_dali_reader_refuses_a_manifest_that_is_no_manifest_in_one_line(
    text: str, said: str, outputs: dict[str, Path], tmp_path: Path
) -> None:
    """load and verify were held to this in earlier rounds; the DALI reader reads the same manifest
    (these held before this round: kept so that they keep holding)."""
    dali = pytest.importorskip("shardify.dali")
    out = tmp_path / "out"
    shutil.copytree(outputs["classes"], out)
    (out / naming.MANIFEST_FILENAME).write_bytes(text.encode("utf-8", "surrogateescape"))
    with pytest.raises(ManifestError) as error:
        dali.pipeline(str(out), "train", batch_size=2, device_id=None)
    assert said in str(error.value) and "\n" not in str(error.value), str(error.value)


def test_verify_after_an_append_refused_for_its_rejects_says_what_the_unlisted_shards_are(tmp_path: Path) -> None:
    """The refused append keeps its new shards to resume from: verify said only `another run's?`."""
    source, out = tmp_path / "src", tmp_path / "out"
    for i in range(4):
        _write(source / ("cat" if i % 2 else "dog") / f"{i}.jpg", image_bytes(seed=i))
    assert run_shardify("convert", str(source), str(out), "-q").returncode == 0
    _write(source / "dog" / "new.jpg", image_bytes(seed=9))
    for i in range(3):
        _write(source / "cat" / f"bad{i}.jpg", "no image")
    refused = run_shardify("convert", str(source), str(out), "--append", "--max-rejects", "0", "-q")
    assert refused.returncode == 1 and "nothing appended: 3 of 4 inputs rejected" in message(refused.stderr), refused.stderr
    result = run_shardify("verify", str(out))
    assert result.returncode == 1 and "of version 2, which no manifest lists" in message(result.stderr), result.stderr
    assert run_shardify("convert", str(source), str(out), "--append", "--max-rejects", "100%", "-q").returncode == 0
    assert run_shardify("verify", str(out)).returncode == 0
