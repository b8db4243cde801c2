import { describe, expect, it } from 'vitest';
import { parseServerConfig, serverFolders } from './config';

describe('parseServerConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(parseServerConfig({})).toMatchObject({
      HOST: 'localhost',
      PORT: 4321,
      DATABASE_URL: 'file:data/zhol.db',
      ZHOL_DEMO: false,
      ZHOL_TRUST_PROXY: false,
      ZHOL_FRAME_SOURCES: [],
      ZHOL_CONTENT_DIR: 'content',
      ZHOL_MEDIA_DIR: 'data/media',
      ZHOL_SESSION_IDLE_MINUTES: 20160,
      ZHOL_DB_CONNECT_TIMEOUT_MS: 5000,
      ZHOL_DB_STATEMENT_TIMEOUT_MS: 10000,
    });
  });

  it('reads the values it is given', () => {
    expect(
      parseServerConfig({
        PORT: '8080',
        ZHOL_DEMO: 'yes',
        ZHOL_FRAME_SOURCES: ' https://booking.example.kz  https://tv.example.kz:8443 ',
      }),
    ).toMatchObject({
      PORT: 8080,
      ZHOL_DEMO: true,
      ZHOL_FRAME_SOURCES: ['https://booking.example.kz', 'https://tv.example.kz:8443'],
    });
  });

  it('names every bad value in one message', () => {
    const bad = () =>
      parseServerConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        ZHOL_FRAME_SOURCES: 'booking.example.kz',
        ZHOL_DEMO: 'maybe',
      });
    expect(bad).toThrow(/Invalid Zhol server configuration/);
    expect(bad).toThrow(/PORT: must be a port number/);
    expect(bad).toThrow(/DATABASE_URL: must be file:<path>/);
    expect(bad).toThrow(/ZHOL_FRAME_SOURCES\.0: each must be an origin/);
    expect(bad).toThrow(/ZHOL_DEMO/);
    expect(() => parseServerConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => parseServerConfig({ ZHOL_DB_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(
      /ZHOL_DB_CONNECT_TIMEOUT_MS: must be a number of milliseconds/,
    );
    expect(() => parseServerConfig({ ZHOL_DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/ZHOL_DB_STATEMENT_TIMEOUT_MS/);
  });
});

describe('serverFolders', () => {
  it('reads the folders by the same schema and defaults, whatever the other settings say', () => {
    expect(serverFolders({ PORT: 'not a port', ZHOL_CONTENT_DIR: '/srv/content' })).toEqual({
      ZHOL_CONTENT_DIR: '/srv/content',
      ZHOL_MEDIA_DIR: 'data/media',
      ZHOL_RULES_OFFICIAL_DIR: 'data/rules',
    });
    expect(() => serverFolders({ ZHOL_RULES_OFFICIAL_DIR: '' })).toThrow(/ZHOL_RULES_OFFICIAL_DIR/);
  });
});
