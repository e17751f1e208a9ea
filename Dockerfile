FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=8080
EXPOSE 8080
# Unprivileged, and node as PID 1 so SIGTERM reaches the graceful drain directly.
USER node
CMD ["node", "--import", "tsx", "server/main.ts"]
