FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PAWPOST_DATABASE=/data/pawpost.sqlite3

WORKDIR /app
# The dependencies first, pinned, so a change to the code alone reuses this layer.
COPY constraints.txt ./
RUN pip install --no-cache-dir -r constraints.txt
# Then the code; its dependencies are already there at the pinned versions.
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY rules ./rules
COPY storage ./storage
RUN pip install --no-cache-dir --no-deps . \
    && useradd --create-home --uid 10001 pawpost \
    && mkdir -p /data \
    && chown pawpost:pawpost /data

USER pawpost
VOLUME ["/data"]
# `pawpost health` asks the running bot: connected to Discord, and its database answering.
HEALTHCHECK --interval=30s --timeout=15s --start-period=60s --retries=3 CMD ["pawpost", "health"]
CMD ["pawpost", "run"]
