import { jwtVerify } from "jose";

export type JwtRole = "anon" | "service_role";

/** Verifies a Supabase-style HS256 JWT (anon or service_role key) and returns its role, or null. */
export async function verifyRoleJwt(token: string, secret: string): Promise<JwtRole | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"] });
    const role = payload.role;
    return role === "anon" || role === "service_role" ? role : null;
  } catch {
    return null;
  }
}
