# One image for web, worker and beat (docker-compose.yml picks the command).
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 LITELLM_LOCAL_MODEL_COST_MAP=True RESEARCH_VAR_DIR=/var/lib/research
WORKDIR /app
COPY requirements.txt requirements-nodeps.txt ./
RUN pip install --no-cache-dir -r requirements.txt && pip install --no-cache-dir --no-deps -r requirements-nodeps.txt
COPY . .
RUN mkdir -p /var/lib/research && useradd --system --home /app research && chown research /var/lib/research
USER research
EXPOSE 8000
CMD ["python", "-m", "uvicorn", "research_project.asgi:application", "--host", "0.0.0.0", "--port", "8000", "--lifespan", "off"]
