"""Three kinds of exit 1 of blind round fifteen, each on the dataset that showed it and on neighbours
of its kind (beam_jobs/discover/list_families.py, fold_folders.py, media_beside_tables.py;
`evidence.row_key` for lists relative to their own folder; `label_columns.coarse_named`).

- Split lists of several families over the same inputs (WikiArt's style, genre and artist lists):
  rejected "in more than one split" over the limit; now a stop naming the families. Families over
  disjoint inputs (DomainNet's `clipart_train.txt`, `real_train.txt`, one domain each) are no sign.
- Split lists in numbered folders alike (HASYv2's `10-fold-cross-validation/fold-<k>/`): folds; a
  stop. Rows relative to their list's folder (`../../hasy-data/v2-00000.png`) name their files.
- Media beside tables (MELD's `train_splits/*.mp4`; a speech set's `wav/` beside its transcripts
  table) are set aside, not failed tables; a table naming them by file name (Common Voice's `path`)
  stops. A `Sentiment`
  column beside a finer label by content (MELD's `Emotion`) stops naming both.
"""

from __future__ import annotations

from pathlib import Path

from helpers.blind15 import DATASETS
from helpers.cli_runs import message, run_shardify
from helpers.shipped import _image_bytes
from helpers.sources import csv_text


def _dry_run(root: Path, tmp_path: Path):
    return run_shardify("convert", str(root), str(tmp_path / "out"), "--dry-run")


def _image(path: Path, key: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(key, 12, 10, "JPEG"))


def test_wikiart_task_lists_stop_naming_the_families(tmp_path: Path) -> None:
    truth = DATASETS["wikiart"](tmp_path / "download")
    result = _dry_run(truth.root, tmp_path)
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert "split lists of 3 families name the same inputs" in said
    assert "wikiart_csv/style_train.csv, wikiart_csv/style_val.csv" in said and "kind: split list" in said


def test_families_over_disjoint_inputs_are_no_sign(tmp_path: Path) -> None:
    # ai.bu.edu/M3SDA (DomainNet): <domain>/<class>/<domain>_<nnn>_<nnnnnn>.jpg, <domain>_train.txt and <domain>_test.txt
    # beside them, lines '<domain>/<class>/<file>.jpg <class index>'
    root = tmp_path / "domainnet"
    for domain in ("clipart", "real"):
        lines = {"train": [], "test": []}
        for c, name in enumerate(("aircraft_carrier", "airplane")):
            for i in range(3):
                rel = f"{domain}/{name}/{domain}_{c + 1:03d}_{i:06d}.jpg"
                _image(root / rel, rel)
                lines["test" if i == 2 else "train"].append(f"{rel} {c}")
        for part, rows in lines.items():
            (root / f"{domain}_{part}.txt").write_text("\n".join(rows) + "\n")
    result = _dry_run(root, tmp_path)
    assert "families" not in message(result.stderr), message(result.stderr)
    assert result.returncode != 1


def test_hasyv2_fold_folders_stop(tmp_path: Path) -> None:
    truth = DATASETS["hasyv2"](tmp_path / "download")
    result = _dry_run(truth.root, tmp_path)
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert "numbered folders alike (10-fold-cross-validation/fold-1/, 10-fold-cross-validation/fold-2/)" in said
    assert "names no file" not in result.stdout + said


def test_lists_relative_to_their_folder_name_their_files(tmp_path: Path) -> None:
    # a list folder beside the images whose rows climb out of it, as HASYv2's fold tables' ('../../hasy-data/...')
    root = tmp_path / "set"
    rows = {"train": [], "test": []}
    for c in ("cat", "dog"):
        for i in range(3):
            _image(root / f"images/{c}/{c}_{i}.jpg", f"{c}{i}")
            rows["test" if i == 2 else "train"].append(f"../images/{c}/{c}_{i}.jpg")
    (root / "lists").mkdir()
    for part, lines in rows.items():
        (root / f"lists/{part}.txt").write_text("\n".join(lines) + "\n")
    result = _dry_run(root, tmp_path)
    assert result.returncode == 0, message(result.stderr)
    assert "train: 4 records" in result.stdout and "test: 2 records" in result.stdout
    assert "names no file" not in result.stdout


def test_meld_clips_are_no_failed_tables(tmp_path: Path) -> None:
    truth = DATASETS["meld"](tmp_path / "download")
    result = _dry_run(truth.root, tmp_path)
    said = message(result.stderr)
    assert "not a table" not in said + result.stdout
    assert result.returncode == 2, said  # the label: Sentiment or another column (below)
    assert "'Sentiment' is named like a label" in said and "--label-column" in said


def test_recordings_beside_a_transcripts_table_are_set_aside(tmp_path: Path) -> None:
    # a speech-emotion set's layout (CREMA-D-like: AudioWAV/<id>.wav beside a table of id, sentence, label)
    root = tmp_path / "speech"
    (root / "AudioWAV").mkdir(parents=True)
    rows = [["id", "text", "label"]]
    for i in range(6):
        (root / f"AudioWAV/10{i:02d}_IEO_ANG_HI.wav").write_bytes(b"RIFF\x00\x00\x00\x00WAVEfmt ")
        rows.append([f"10{i:02d}", f"it is eleven o'clock number {i}", ("angry", "happy")[i % 2]])
    (root / "train.csv").write_text(csv_text(rows))
    result = _dry_run(root, tmp_path)
    assert result.returncode == 0, message(result.stderr)
    assert "media beside the tables, not tables (.wav in AudioWAV/)" in result.stdout
    assert "train: 6 records" in result.stdout and "rejected before writing: 0" in result.stdout


def test_a_table_naming_its_media_stops(tmp_path: Path) -> None:
    # Common Voice's layout (cv-corpus-<v>/<lang>/): clips/<name>.mp3 beside train.tsv, dev.tsv, test.tsv of
    # 'client_id, path, sentence, up_votes, down_votes, age, gender, accent', `path` the clip's file name
    root = tmp_path / "cv-corpus" / "en"
    (root / "clips").mkdir(parents=True)
    rows = [["client_id", "path", "sentence", "up_votes", "down_votes", "age", "gender", "accent"]]
    for i in range(6):
        name = f"common_voice_en_{1000 + i}.mp3"
        (root / "clips" / name).write_bytes(b"ID3\x03\x00\x00\x00")
        rows.append([f"{i:040x}", name, f"the sentence read aloud here number {i}", "2", "0", "twenties", "male", "us"])
    (root / "train.tsv").write_text("".join("\t".join(r) + "\n" for r in rows))
    result = _dry_run(root, tmp_path)
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert "train.tsv names media files beside the tables (common_voice_en_1000.mp3" in said


def test_sentiment_beside_an_emotion_column_stops(tmp_path: Path) -> None:
    rows = [["Utterance", "Emotion", "Sentiment"]]
    emotions = ["joy", "anger", "sadness", "neutral"]
    for i in range(24):
        emotion = emotions[i % 4]
        sentiment = {"joy": "positive", "neutral": "neutral"}.get(emotion, "negative")
        rows.append([f"so this is what we say when we mean number {i} of them", emotion, sentiment])
    root = tmp_path / "dialogue"
    root.mkdir()
    (root / "train.csv").write_text(csv_text(rows))
    result = _dry_run(root, tmp_path)
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert "'Emotion'" in said and "--label-column" in said
