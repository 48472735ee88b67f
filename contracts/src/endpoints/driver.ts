import { driverDayAnswerSchema, driverDayQuerySchema } from '../driver.ts';
import { endpoint } from '../endpoint.ts';

/** The driver's day on a phone (issue 17 §1). */
export const driverEndpoints = {
  day: endpoint('GET /driver/day', {
    query: driverDayQuerySchema,
    answers: { 200: driverDayAnswerSchema },
  }),
};
