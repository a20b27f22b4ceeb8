import { ApiResponse } from '@nestjs/swagger';

/** The body of every refusal the API filter writes (common/api-exception.filter.ts). */
const REFUSAL_BODY = {
  type: 'object',
  properties: {
    error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' }, messages: { type: 'object' } } },
  },
};

/** An OpenAPI response of a refusal: its status and which codes it carries. */
export const refused = (status: number, description: string) => ApiResponse({ status, description, schema: REFUSAL_BODY });
