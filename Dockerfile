# Paiju in a container: `docker build -t paiju .`, then
#   docker run -d --name paiju --restart unless-stopped \
#     -e BOT_TOKEN=123456:your-token -v paiju-data:/data paiju
# (or `docker compose up -d` with compose.yaml). See docs/operations.md.

# 1. Build the wheel from the source tree.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY storage ./storage
COPY locales ./locales
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /dist .

# 2. Install only the wheel (and its dependencies) into a clean image.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PAIJU_DB=/data/paiju.sqlite3
COPY --from=build /dist/*.whl /tmp/
# fonts-noto-cjk: the few pictures that draw words (a 牛九 card's name, the
# names on the weekly chart) find it; the game pictures need no font.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk \
 && rm -rf /var/lib/apt/lists/*
RUN pip install --no-cache-dir /tmp/*.whl && rm /tmp/*.whl \
 && groupadd --gid 10001 paiju \
 && useradd --uid 10001 --gid 10001 --home-dir /data --no-create-home --shell /usr/sbin/nologin paiju \
 && mkdir -p /data && chown 10001:10001 /data
# A fixed, non-root UID/GID: a host directory mounted on /data needs
# `chown 10001:10001` once.
USER 10001:10001
WORKDIR /data
VOLUME /data
# Healthy while `paiju run` hears Telegram: its heartbeat file (beside the
# database) is touched after every successful getUpdates.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["paiju", "healthcheck"]
# Exec form: paiju runs as PID 1 and receives SIGTERM itself (no shell between).
ENTRYPOINT ["paiju"]
CMD ["run"]
