"""Round thirty-nine's text and table builders (tests/helpers/blind39.py holds the batch, its docstring and truth rules).

Split out of blind39.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells


def _row(path: str, split: str | None, labels, text=None) -> Put:
    """A row record; `labels` one name, a collection of names, or None (unlabelled)."""
    if labels is not None and isinstance(labels, str):
        labels = [labels]
    return Put(path, record=True, split=split, labels=None if labels is None else frozenset(labels), text=text)


# ------------------------------------------------------------------------------------------------
# Text: a CSV of films whose text is the last of eight columns; a two-column headline CSV
# ------------------------------------------------------------------------------------------------

_GENRES = ["drama", "comedy", "unknown", "western", "horror", "unknown", "drama", "romance"]
_ORIGINS = ["American", "British", "Bollywood", "Japanese"]


def wiki_movie_plots() -> Iterator[Put]:
    # Wikipedia Movie Plots (kaggle jrobischon/wikipedia-movie-plots, 34,886 films). CHECKED 2026-11-29 against readers
    # in the code corpus (find_string 'wiki_movie_plots_deduped.csv': "\\COPY movies(ReleaseYear, Title, Origin,
    # Director, Casting, Genre, WikiPage, Plot) FROM 'wiki_movie_plots_deduped.csv' DELIMITER ',' CSV HEADER; The
    # dataset contains 34,000 movie titles and is about 81 MB"; "merge (n:Movie {title:line.Title, ... genre:line.Genre,
    # ... plot:line.Plot}) FOREACH (actor in split(line.Cast, ',')"; "plots = pd.read_csv('wiki_movie_plots_deduped.csv')
    # ... ' '.join(plots.Plot)"; "movie_list = df['Title'].values"). The header's spelling 'Release Year,Title,
    # Origin/Ethnicity,Director,Cast,Genre,Wiki Page,Plot', the plots of several sentences with commas and quotes, the
    # lower-case genres and 'unknown' where Wikipedia gave none are as remembered. Truth: each film a record
    # "wiki_movie_plots_deduped.csv:<i>" (no split: "train"), its text the Plot, labelled by Genre, unlabelled where
    # it says 'unknown' (no genre, not a genre named unknown). Simplified: 12 films of one genre each (cells naming
    # two, 'comedy, drama', left out), plots of ASCII words
    lines = ["Release Year,Title,Origin/Ethnicity,Director,Cast,Genre,Wiki Page,Plot"]
    for i in range(12):
        genre = _GENRES[i % len(_GENRES)]
        title = _words(f"wt{i}", 2 + i % 3).title()
        plot = (_words(f"wp{i}", 10 + i % 7).capitalize() + ". " + _words(f"wq{i}", 6).capitalize()
                + f', saying "{_words(f"wr{i}", 3)}", while ' + _words(f"ws{i}", 5) + ".")
        cast = "" if i % 5 == 3 else f"{_words(f'wc{i}', 2).title()}, {_words(f'wd{i}', 2).title()}"
        cells = [str(1901 + i * 9), title, _ORIGINS[i % 4], _words(f"wx{i}", 2).title() if i % 6 else "Unknown", cast,
                 genre, f"https://en.wikipedia.org/wiki/{title.replace(' ', '_')}", plot]
        lines.append(csv_cells(*cells))
        yield _row(f"wiki_movie_plots_deduped.csv:{i}", "train", None if genre == "unknown" else genre, plot)
    yield aux("wiki_movie_plots_deduped.csv", "\n".join(lines) + "\n")


ONION_ALIASES = {"real": {"0"}, "onion": {"1"}}


def onion_or_not() -> Iterator[Put]:
    # Onion or Not (kaggle chrisfilo/onion-or-not; github lukefeilberg/onion, r/TheOnion and r/nottheonion headlines).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'OnionOrNot.csv': "df = pd.read_csv(
    # '../input/onion-or-not/OnionOrNot.csv') ... sentence = data['text'] ... result = data['label']"; "news headlines
    # from both the Onion and real life. 0 = real life 1 = Onion"; "o = headlines[headlines['label'] == 1]"; "csvfile =
    # open('OnionOrNot.csv', ...) ... line.strip('\"') ... (line[-2], str(line[:-3]))" (the label the last character);
    # "lineNum = Math.floor(Math.random() * 18312) + 2"). Headlines holding commas and quotes, so quoted cells, are as
    # remembered. Truth: each headline a record "OnionOrNot.csv:<i>" (no split: "train") labelled by label (0 real,
    # 1 onion; the numbers accepted for the names), its text the headline. Simplified: 12 headlines
    lines = ["text,label"]
    for i in range(12):
        onion = (i * 5 + 2) % 7 < 3
        text = _words(f"on{i}", 7 + i % 6).capitalize()
        if i % 4 == 1:
            text += f", {_words(f'oc{i}', 3)}"
        if i == 6:
            text = f'"{_words("oq", 2).capitalize()}" {_words("oq2", 5)} says report'
        lines.append(csv_cells(text, str(int(onion))))
        yield _row(f"OnionOrNot.csv:{i}", "train", "onion" if onion else "real", text)
    yield aux("OnionOrNot.csv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: phone measurements, the label last in train.csv, an id first and no label in test.csv
# ------------------------------------------------------------------------------------------------

PRICE_ALIASES = {"low cost": {"0"}, "medium cost": {"1"}, "high cost": {"2"}, "very high cost": {"3"}}
_FEATURES = ("battery_power,blue,clock_speed,dual_sim,fc,four_g,int_memory,m_dep,mobile_wt,n_cores,pc,px_height,"
             "px_width,ram,sc_h,sc_w,talk_time,three_g,touch_screen,wifi")
_PRICES = ["low cost", "medium cost", "high cost", "very high cost"]


def _phone(i: int) -> list[str]:
    return [str(501 + i * 97 % 1500), str(i % 2), f"{0.5 + (i * 7 % 25) / 10:.1f}", str((i + 1) % 2), str(i * 3 % 20),
            str(i // 2 % 2), str(2 + i * 5 % 62), f"{0.1 + (i % 9) / 10:.1f}", str(80 + i * 11 % 120), str(1 + i % 8),
            str(i * 7 % 21), str(i * 113 % 1960), str(500 + i * 71 % 1498), str(256 + i * 331 % 3742), str(5 + i % 15),
            str(i * 3 % 19), str(2 + i % 19), str((i + 1) // 3 % 2), str(i % 3 % 2), str((i + 2) % 2)]


def mobile_price() -> Iterator[Put]:
    # Mobile Price Classification (kaggle iabhishekofficial/mobile-price-classification). CHECKED 2026-11-29 against
    # readers in the code corpus (find_string 'battery_power,blue,clock_speed': "The data set consists of attributes:
    # battery_power,blue,clock_speed,dual_sim,fc,four_g,int_memory,m_dep,mobile_wt,n_cores,pc,px_height,px_width,ram,
    # sc_h,sc_w,talk_time,three_g,touch_screen,wifi which helps us to classify mobile in price_range ... 0: Low Cost 1:
    # Medium Cost 2: High Cost 3: Very High Cost"; "prediction([battery_power,blue,clock_speed, ...,wifi])"). test.csv's
    # leading 'id' column and its lack of price_range are as remembered. Truth: each row a record "<file>:<i>",
    # train.csv's of split "train" labelled by price_range (the numbers accepted for the names), test.csv's of split
    # "test" unlabelled; no text (a row of measurements: media "table"). Simplified: 12 train rows, 4 test rows
    train = [_FEATURES + ",price_range"]
    for i in range(12):
        price = (i * 5 + 1) % 4
        train.append(",".join(_phone(i) + [str(price)]))
        yield _row(f"train.csv:{i}", "train", _PRICES[price])
    test = ["id," + _FEATURES]
    for i in range(4):
        test.append(",".join([str(i + 1)] + _phone(40 + i)))
        yield _row(f"test.csv:{i}", "test", None)
    yield aux("train.csv", "\n".join(train) + "\n")
    yield aux("test.csv", "\n".join(test) + "\n")
