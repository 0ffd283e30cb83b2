// Loaded when the first question is sent (ask-funny-chat.ts), not with the page: the schema brings zod.
export { aiChatStreamEventSchema } from '@portal/contracts';
