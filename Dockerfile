# One image for every XIX Online process: web (gunicorn), Celery worker and beat, migrations.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONPATH=/app \
    DJANGO_SETTINGS_MODULE=xix_site.settings.production

RUN groupadd --system --gid 1000 xix \
    && useradd --system --uid 1000 --gid xix --home-dir /app --shell /usr/sbin/nologin xix

WORKDIR /app

# Dependencies first, so code changes do not reinstall them.
COPY requirements.lock ./
RUN pip install -r requirements.lock

# Code stays owned by root: the app user can read it but not change it.
COPY . .

# Hashed, compressed static files for WhiteNoise. Production settings insist on a secret key
# and allowed hosts, so collectstatic gets throwaway values that end up nowhere.
RUN DJANGO_SECRET_KEY=collectstatic-only-not-a-real-secret DJANGO_ALLOWED_HOSTS=localhost \
    python manage.py collectstatic --noinput

USER xix

EXPOSE 8000

# 2 workers with 4 threads each, on 0.0.0.0:8000: see xix_site/gunicorn_conf.py.
CMD ["gunicorn", "--config", "xix_site/gunicorn_conf.py"]
