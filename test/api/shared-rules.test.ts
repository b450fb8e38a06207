import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isLoopbackUrl } from '../../src/api/loopback.js';
import { isOpenAPISlug, OpenAPISlugInput } from '../../src/api/schemas/openapi.js';

describe('the loopback rule', () => {
  it('takes localhost and its subdomains, 127.0.0.0/8 and ::1, bracketed or not, in any case', () => {
    for (const host of ['localhost', 'LOCALHOST', 'api.localhost', '127.0.0.1', '127.255.0.9', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it('refuses every other host, including look-alikes', () => {
    for (const host of [
      '0.0.0.0',
      '128.0.0.1',
      '127.0.0',
      '127.0.0.1.example.com',
      'localhost.example.com',
      'mylocalhost',
      '::2',
      '::',
      '',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('reads the host of a URL, and says no for text that is not one', () => {
    expect(isLoopbackUrl('http://127.0.0.1:4010')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:4010/v1')).toBe(true);
    expect(isLoopbackUrl('https://api.gitbook.com')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
    expect(isLoopbackUrl(undefined)).toBe(false);
  });
});

describe('the OpenAPI slug rule', () => {
  it('takes lowercase letters and digits in words joined by single dashes, 1 to 100 characters', () => {
    for (const slug of ['petstore', 'petstore-v2', 'a', '2024-api', 'x'.repeat(100)]) expect(isOpenAPISlug(slug), slug).toBe(true);
  });

  it('refuses capitals, other characters, dashes at the ends or doubled, and more than 100 characters', () => {
    for (const slug of ['', 'Petstore', 'pet_store', 'pet store', '-pets', 'pets-', 'pet--store', 'pets/v2', 'x'.repeat(101)])
      expect(isOpenAPISlug(slug), slug).toBe(false);
  });

  it('is the schema the client validates a body slug with', () => {
    expect(OpenAPISlugInput.safeParse('pet--store').success).toBe(false);
    expect(OpenAPISlugInput.safeParse('pet-store').success).toBe(true);
  });
});
