FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PAWPOST_DATABASE=/data/pawpost.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY rules ./rules
COPY storage ./storage
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 pawpost \
    && mkdir -p /data \
    && chown pawpost:pawpost /data

USER pawpost
VOLUME ["/data"]
CMD ["pawpost", "run"]
