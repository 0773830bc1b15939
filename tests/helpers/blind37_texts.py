"""Round thirty-seven's text and table builders (tests/helpers/blind37.py holds the batch, its docstring and truth rules).

Split out of blind37.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

import io
import struct
import wave
from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import row as _row


def _wav(key: str) -> bytes:
    """A real, very short 16-bit mono WAV (22050 Hz, as LJ Speech's)."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        seed = sum(key.encode())
        out.writeframes(b"".join(struct.pack("<h", ((seed * 37 + i * 911) % 2000) - 1000) for i in range(64)))
    return buf.getvalue()


def _flac(key: str) -> bytes:
    """The start of a FLAC file: 'fLaC' and a STREAMINFO block (16 kHz mono 16-bit), then a few bytes of frames."""
    info = struct.pack(">HH", 4096, 4096) + b"\x00\x00\x00" * 2 + bytes([0x03, 0xE8, 0x00, 0xF0]) + b"\x00" * 4
    info += bytes(16)
    return b"fLaC" + bytes([0x80, 0x00, 0x00, len(info)]) + info + b"\xff\xf8" + key.encode()[:8]


# ------------------------------------------------------------------------------------------------
# Text: two speech corpora, their transcripts the only text
# ------------------------------------------------------------------------------------------------

def ljspeech() -> Iterator[Put]:
    # The LJ Speech Dataset (Keith Ito 2017, keithito.com/LJ-Speech-Dataset; HF lj_speech, TFDS ljspeech). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string 'LJ001-0001': "LJSpeech-1.1/ ├── metadata.csv #
    # Arquivo com transcrições ├── wavs/ │ ├── LJ001-0001.wav"; "Formato do metadata.csv: file_id|text_raw|text_
    # normalized LJ001-0001|Printing, in...|Printing, in..."; "metadata.csv # id|transcription|normalized_transcription
    # └── wavs/"; "Layout C - LJSpeech-style ... metadata.csv # pipe-separated: id|text|text_normalized"; search
    # 'ljspeech metadata.csv': "cols = line.split('|'); wav_file = os.path.join(root_path, 'wavs', cols[0] + '.wav');
    # text = cols[2]"; mindspore's LJSpeechDataset "[waveform, sample_rate, transcription, normalized_transcript]"; HF's
    # card "col_mapping: file: path, text: text"). The file headerless, no quoting (a transcription may hold a lone
    # '"'), the normalized column spelling numbers out ('1465' -> 'fourteen sixty-five') and otherwise equal to the
    # transcription, and the README are as remembered. Truth: each line a record "metadata.csv:<i>" (no split:
    # "train"), unlabelled, its text the transcription (the second field; HF's 'text'); the WAVs no records (shardify
    # reads no audio). Simplified: 10 lines, 64-sample WAVs
    lines = []
    for i in range(10):
        clip = f"LJ00{1 + i // 4}-{i % 4 + 1:04d}"
        text = _words(f"lj{i}", 9 + i % 6).capitalize()
        spoken = text
        if i % 3 == 1:
            text += f", in {1460 + i}"
            spoken += f", in fourteen {('sixty', 'seventy')[i % 2]}-{('one', 'two', 'four', 'seven')[i % 4]}"
        if i == 5:
            text, spoken = f'"{text}', f'"{spoken}'
        lines.append(f"{clip}|{text}.|{spoken}.")
        yield _row(f"metadata.csv:{i}", "train", None, f"{text}.")
        yield aux(f"wavs/{clip}.wav", _wav(clip))
    yield aux("metadata.csv", "\n".join(lines) + "\n")
    yield aux("README", "LJ Speech Dataset\n\nThis is a public domain speech dataset consisting of 13,100 short audio "
              "clips of a single speaker reading passages from 7 non-fiction books.\n\nFILE FORMAT\n\nMetadata is provided "
              "in metadata.csv. This file consists of one record per line, delimited by the pipe character (0x7c). The "
              "fields are:\n\n  1. ID: this is the name of the corresponding .wav file\n  2. Transcription: words spoken "
              "by the reader (UTF-8)\n  3. Normalized Transcription: transcription with numbers, ordinals, and monetary "
              "units expanded into full words (UTF-8).\n\nEach audio file is a single-channel 16-bit PCM WAV with a "
              "sample rate of 22050 Hz.\n")


def librispeech() -> Iterator[Put]:
    # LibriSpeech ASR corpus (Panayotov et al. 2015, openslr.org/12; TFDS librispeech, torchaudio LIBRISPEECH). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string '.trans.txt': torchaudio "folder_in_archive ...
    # (default: 'LibriSpeech') ... _ext_txt = '.trans.txt' _ext_audio = '.flac' ... url in ['dev-clean', 'dev-o..."; a
    # README "- speaker_id - chapter id - speaker_id_chapter_id_000.flac ... - speaker_id_chapter_id.trans.txt ...
    # test split: 'test-clean'"; "for f in glob(os.path.join(root, '**', '*.trans.txt')) ... uid, txt =
    # line.strip().split(' ', 1); trans[os.path.join(d, uid + '.flac')] = txt"; "transcript_path = os.path.join(
    # chapter_dir, '{}-{}.trans.txt'.format(speaker, chapter))"; "# 522/147156/522-147156.trans.txt"). The upper-case
    # transcripts, the files named '<speaker>-<chapter>-<nnnn>.flac', and the top files BOOKS.TXT, CHAPTERS.TXT,
    # SPEAKERS.TXT (';'-commented, '|'-separated), LICENSE.TXT and README.TXT are as remembered. Truth: each
    # transcript line a record "<split>/<speaker>/<chapter>/<speaker>-<chapter>.trans.txt:<i>" of its split folder
    # (dev-clean, test-clean), unlabelled, its text the words after the utterance id; the FLACs no records (shardify
    # reads no audio). Simplified: 2 speakers a split, 1 chapter each, 3 utterances a chapter, FLAC headers only
    speakers = []
    for split, chapters in (("dev-clean", ((84, 121123), (174, 50561))), ("test-clean", ((1089, 134686), (121, 121726)))):
        for speaker, chapter in chapters:
            speakers.append(f"{speaker:<5}| {'F' if speaker % 2 == 0 else 'M'} | {split:<16}| 8.{speaker % 10:02d} | "
                            f"{_words(f'spk{speaker}', 2).title()}")
            lines = []
            for u in range(3):
                uid = f"{speaker}-{chapter}-{u:04d}"
                text = _words(f"ls{uid}", 6 + (u * 5 + speaker) % 9).upper().replace(",", "")
                lines.append(f"{uid} {text}")
                yield _row(f"{split}/{speaker}/{chapter}/{speaker}-{chapter}.trans.txt:{u}", split, None, text)
                yield aux(f"{split}/{speaker}/{chapter}/{uid}.flac", _flac(uid))
            yield aux(f"{split}/{speaker}/{chapter}/{speaker}-{chapter}.trans.txt", "\n".join(lines) + "\n")
    yield aux("SPEAKERS.TXT", "; Some of the speakers have read more than one chapter\n;ID  |SEX| SUBSET           |MINUTES| "
              "NAME\n" + "\n".join(speakers) + "\n")
    yield aux("CHAPTERS.TXT", ";ID    |READER|MINUTES| SUBSET           | PROJ.|BOOK ID| CH. TITLE | PROJECT TITLE\n"
              "121123 | 84    | 15.52 | dev-clean        | 3011 | 1399  | Chapter 5 | Frankenstein\n")
    yield aux("BOOKS.TXT", ";ID   |BOOK TITLE\n1399  |Frankenstein\n")
    yield aux("LICENSE.TXT", "LibriSpeech (c) 2014 by Vassil Panayotov\n\nLibriSpeech ASR corpus is licensed under a "
              "Creative Commons Attribution 4.0 International License.\n")
    yield aux("README.TXT", "LibriSpeech ASR corpus\n======================\n\nThe corpus is organized as "
              "<corpus root>/<subset>/<speaker id>/<chapter id>/, each chapter folder holding its .flac files and "
              "<speaker id>-<chapter id>.trans.txt, one utterance a line: '<utterance id> <TRANSCRIPT>'.\n")


# ------------------------------------------------------------------------------------------------
# Table: patients, categories that look like text, the last column 0/1
# ------------------------------------------------------------------------------------------------

STROKE_ALIASES = {"stroke": {"1"}, "no stroke": {"0"}}
_STROKE_COLUMNS = ("id,gender,age,hypertension,heart_disease,ever_married,work_type,Residence_type,avg_glucose_level,bmi,"
                   "smoking_status,stroke")


def stroke() -> Iterator[Put]:
    # Stroke Prediction Dataset (kaggle fedesoriano/stroke-prediction-dataset). CHECKED 2026-11-29 against readers in
    # the code corpus (find_string 'healthcare-dataset-stroke-data.csv': "categorical_cols = ['gender', 'ever_married',
    # 'work_type', 'Residence_type', 'smoking_status'] numeric_cols = ['age', 'hypertension', 'heart_disease',
    # 'avg_glucose_level', 'bmi']"; "X = df.drop('stroke', axis=1); y = df['stroke']"; "df = df[df['gender'] !=
    # 'Other']"; "df['smoking_status'].replace('Unknown', ...)"; "data['bmi'].fillna(data['bmi'].mean())"; "Dropped
    # ID as not required"). The values ('Male', 'Female', 'Other'; 'Yes'/'No'; 'Private', 'Self-employed', 'Govt_job',
    # 'children', 'Never_worked'; 'Urban'/'Rural'; 'formerly smoked', 'never smoked', 'smokes', 'Unknown'), bmi 'N/A'
    # where missing and the first column a patient id are as remembered. Truth: each row a record
    # "healthcare-dataset-stroke-data.csv:<i>" (no split: "train") labelled by stroke (1 stroke, 0 none; the digits
    # accepted for the names); no text (the categories are features, not text: media "table"). Simplified: 12 rows
    lines = [_STROKE_COLUMNS]
    works = ("Private", "Self-employed", "Govt_job", "children", "Never_worked")
    smoking = ("formerly smoked", "never smoked", "smokes", "Unknown")
    for i in range(12):
        had = (i * 5 + 2) % 7 < 2
        age = 3 + (i * 13) % 80
        cells = [str(9046 + i * 4127), ("Male", "Female", "Female", "Other")[i % 4], f"{age}", str(i % 5 == 1),
                 str(int(i % 6 == 2)), ("Yes", "No")[i % 3 == 0], works[i % 5], ("Urban", "Rural")[i % 2],
                 f"{80 + (i * 17.31) % 150:.2f}", "N/A" if i % 5 == 3 else f"{18 + (i * 2.7) % 20:.1f}",
                 smoking[i % 4], str(int(had))]
        cells[3] = str(int(i % 5 == 1))
        lines.append(",".join(cells))
        yield _row(f"healthcare-dataset-stroke-data.csv:{i}", "train", "stroke" if had else "no stroke")
    yield aux("healthcare-dataset-stroke-data.csv", "\n".join(lines) + "\n")
