FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PAIJU_DB=/data/paiju.sqlite3
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY storage ./storage
COPY locales ./locales
RUN pip install --no-cache-dir . && useradd --create-home paiju && mkdir /data && chown paiju /data
USER paiju
VOLUME /data
WORKDIR /data
CMD ["paiju", "run"]
