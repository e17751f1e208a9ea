FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=8080
EXPOSE 8080
# Run as the image's unprivileged user; the app needs no root.
USER node
CMD ["npx", "tsx", "server/main.ts"]
