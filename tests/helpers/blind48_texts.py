"""Round forty-eight's text and table builders (tests/helpers/blind48.py holds the batch, its docstring and truth rules).

Split out of blind48.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from helpers.shipped import _words
from helpers.unseen4 import Put, aux
from helpers.unseen4 import _csv as csv_cells
from helpers.unseen4 import row as _row

# ------------------------------------------------------------------------------------------------
# Text: e-mails as ham or spam; tweets on climate change by stance
# ------------------------------------------------------------------------------------------------

SPAM_ALIASES = {"ham": {"0"}, "spam": {"1"}}  # label_num is the label as a number


def spam_mails() -> Iterator[Put]:
    # Spam Mails Dataset (kaggle venky73/spam-mails-dataset: 5,171 Enron e-mails, ham or spam). CHECKED 2026-11-29
    # against readers in the code corpus (find_string 'spam_ham_dataset.csv': "dataset = pandas.read_csv(
    # 'spam_ham_dataset.csv'); dataset['text'] = dataset['text'].apply(lambda x: x.replace('\r\n', ' '))" (texts over
    # many lines); "df_venky = pd.read_csv('.../venky_spam_ham_dataset.csv').dropna(subset=['text']); X_venky =
    # df_venky['text'].values; y_venky = df_venky['label'].map({'ham': 0, 'spam': 1})"; find_string "'label_num'":
    # "df['label'].value_counts() ... df['label_num'].value_counts() ... df[['label', 'label_num', 'text']]";
    # "Origional Data: spam_ham_dataset.csv (1=spam, 0=ham)"). The first column without a name (pandas' saved index,
    # the e-mails' numbers in the Enron folders, not in order), the column order ',label,text,label_num' and each
    # text starting 'Subject: ' are as remembered. Truth: each e-mail a record "spam_ham_dataset.csv:<i>" (no split:
    # "train"), its text the text column, labelled ham or spam (label_num's 0/1 the same labels). Simplified: 12
    # e-mails, ASCII
    lines = [",label,text,label_num"]
    for i in range(12):
        spam = i % 3 == 1
        body = (
            f"Subject: {_words(f'sj{i}', 3 + i % 3)}\r\n{_words(f'sb{i}', 9 + i % 6)} .\r\n"
            f"{_words(f'sc{i}', 5)} : {1000 + i * 37} , {_words(f'sd{i}', 4)}\r\n"
        )
        if spam:
            body += f"click here http : / / www . {_words(f'su{i}', 1)} . com\r\n"
        number = (i * 1373 + 605) % 5171
        lines.append(csv_cells(str(number), "spam" if spam else "ham", body, "1" if spam else "0"))
        yield _row(f"spam_ham_dataset.csv:{i}", "train", "spam" if spam else "ham", body)
    yield aux("spam_ham_dataset.csv", "\n".join(lines) + "\n")


CLIMATE_ALIASES = {"anti": {"-1"}, "neutral": {"0"}, "pro": {"1"}, "news": {"2"}}
_STANCES = {-1: "anti", 0: "neutral", 1: "pro", 2: "news"}


def climate_tweets() -> Iterator[Put]:
    # Twitter Climate Change Sentiment Dataset (kaggle edqian/twitter-climate-change-sentiment-dataset, 43,943 tweets
    # of 2015-2018 annotated by three reviewers). CHECKED 2026-11-29 against readers in the code corpus (find_string
    # 'twitter_sentiment_data.csv': "df = pd.read_csv('twitter_sentiment_data.csv'); label_mapping = {1: 0, -1: 1, 0:
    # 2, 2: 3}; df['label'] = df['sentiment'].map(label_mapping)"; "data = pd.read_csv('data/twitter_sentiment_data.
    # csv'); class_labels = ['Anti Man-Made','Neutral','Man-Made','News']"; "sentiment['tweetid'].to_csv(...)";
    # "df['processed_message'] = df['message'].apply(...)"; "df.dropna(subset=['message', 'sentiment'])"). The column
    # order 'sentiment,message,tweetid', the messages' 'RT @user:' prefixes, links and mojibake ('\u00e2\u20ac\u00a6'),
    # and the tweet ids as long integers are as remembered. Truth: each tweet a record "twitter_sentiment_data.csv:<i>"
    # (no split: "train"), its text the message, labelled by sentiment (-1 anti, 0 neutral, 1 pro, 2 news: the numbers
    # accepted for the names). Simplified: 12 tweets
    lines = ["sentiment,message,tweetid"]
    for i in range(12):
        s = (i * 7) % 4 - 1
        msg = _words(f"ct{i}", 9 + i % 8)
        if i % 3 == 0:
            msg = f"RT @{_words(f'cu{i}', 1)}: {msg} https://t.co/{_words(f'cl{i}', 1)[:8]}"
        if i % 4 == 1:
            msg += " climate change \u00e2\u20ac\u00a6"
        lines.append(csv_cells(str(s), msg, str(792927353886371840 + i * 9_137_211_113)))
        yield _row(f"twitter_sentiment_data.csv:{i}", "train", _STANCES[s], msg)
    yield aux("twitter_sentiment_data.csv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Table: telecom customers, Churn the last of 21 columns
# ------------------------------------------------------------------------------------------------


def telco_churn() -> Iterator[Put]:
    # Telco Customer Churn (IBM sample data; kaggle blastchar/telco-customer-churn, 7,043 customers). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string 'customerID,gender,SeniorCitizen': a lab's "head -10
    # .../telco-customer-churn.csv": "customerID,gender,SeniorCitizen,Partner,Dependents,tenure,PhoneService,
    # MultipleLines,InternetService,OnlineSecurity,OnlineBackup,DeviceProtection,TechSupport,StreamingTV,
    # StreamingMovies,Contract,PaperlessBilling,PaymentMethod,MonthlyCharges,TotalCharges,Churn / 7590-VHVEG,Female,0,
    # Yes,No,1,No,No phone service,DSL,No,Yes,No,No,No,No,Month-to-month,Yes,Electronic check,29.85,29.85,No";
    # find_string 'Telco-Customer-Churn': "raw_path = root / 'data' / 'raw' / 'WA_Fn-UseC_-Telco-Customer-Churn.csv'";
    # "`TotalCharges` is typed as text and is blank on 11 rows. All 11 are tenure-zero accounts"; "Target variable
    # (Churn: Yes/No)"). The blank TotalCharges written as one space is as remembered. Truth: each customer a record
    # "WA_Fn-UseC_-Telco-Customer-Churn.csv:<i>" (no split: "train") labelled by Churn; no text (a row of attributes:
    # media "table"). Simplified: 14 rows
    header = (
        "customerID,gender,SeniorCitizen,Partner,Dependents,tenure,PhoneService,MultipleLines,InternetService,"
        "OnlineSecurity,OnlineBackup,DeviceProtection,TechSupport,StreamingTV,StreamingMovies,Contract,"
        "PaperlessBilling,PaymentMethod,MonthlyCharges,TotalCharges,Churn"
    )
    payments = ["Electronic check", "Mailed check", "Bank transfer (automatic)", "Credit card (automatic)"]
    contracts = ["Month-to-month", "One year", "Two year"]
    lines = [header]

    def yes(i: int, k: int) -> str:
        return "Yes" if (i * k) % 5 < 2 else "No"

    def extra(i: int, k: int, internet: str) -> str:
        return "No internet service" if internet == "No" else yes(i, k)

    for i in range(14):
        tenure = 0 if i == 9 else 1 + (i * 13) % 72
        phone = yes(i, 3) if i % 4 else "No"
        internet = ["DSL", "Fiber optic", "No"][i % 3]
        monthly = 18.25 + (i * 7.35) % 100
        churn = "Yes" if i % 4 == 1 or i == 6 else "No"
        cells = [
            f"{7590 + i * 311 % 2400:04d}-{''.join(chr(65 + (i * k) % 26) for k in (3, 5, 7, 11, 13))}",
            "Female" if i % 2 else "Male",
            str(int(i % 6 == 0)),
            yes(i, 2),
            yes(i, 4),
            str(tenure),
            phone,
            "No phone service" if phone == "No" else yes(i, 7),
            internet,
            extra(i, 1, internet),
            extra(i, 3, internet),
            extra(i, 6, internet),
            extra(i, 8, internet),
            extra(i, 9, internet),
            extra(i, 11, internet),
            contracts[i % 3],
            yes(i, 6),
            payments[i % 4],
            f"{monthly:.2f}",
            " " if tenure == 0 else f"{monthly * tenure:.2f}",
            churn,
        ]
        lines.append(",".join(cells))  # (no cell holds a comma; the blank TotalCharges an unquoted space)
        yield _row(f"WA_Fn-UseC_-Telco-Customer-Churn.csv:{i}", "train", churn)
    yield aux("WA_Fn-UseC_-Telco-Customer-Churn.csv", "\n".join(lines) + "\n")
