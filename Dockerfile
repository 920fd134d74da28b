# Duel Table in a container (docs/OPERATIONS.md, "Deploy"):
#   docker build -t dueltable .
#   docker run -d --name dueltable --restart unless-stopped --env-file .env -v dueltable-data:/data dueltable
#   docker logs -f dueltable        # the invite link is printed once the bot is connected
# The SQLite file is in the /data volume; PostgreSQL instead: DATABASE_URL in .env.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DUELTABLE_DATA_DIR=/data

RUN useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin dueltable \
    && mkdir /data && chown dueltable:dueltable /data

WORKDIR /app
# The bot runs from its checkout (an editable install): the card data, fonts and locales are in assets/.
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY fakediscord ./fakediscord
COPY assets ./assets
RUN python -m venv /app/.venv && /app/.venv/bin/pip install -q -e .

USER dueltable
VOLUME ["/data"]
# METRICS_PORT, if set, must also be published (-p) with DUELTABLE_METRICS_HOST=0.0.0.0.
STOPSIGNAL SIGTERM
# Started as python -m bot (not a script): the render workers then import nothing they do not need.
CMD ["/app/.venv/bin/python", "-m", "bot"]
