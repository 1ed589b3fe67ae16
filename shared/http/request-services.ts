import { AppError } from "../errors/app-error.ts";
import { getServices, ServicesRefused, type Services } from "../runtime/services.ts";
import { PLATFORM_ERRORS } from "../errors/platform-errors.ts";

/** The services of this request; a configuration the function cannot serve with is 503 SVC_CONFIG_001. */
export async function requestServices(): Promise<Services> {
  try {
    return await getServices();
  } catch (e) {
    if (e instanceof ServicesRefused) throw new AppError(PLATFORM_ERRORS.SVC_CONFIG_001, e.message);
    throw e;
  }
}
