import { DynamicModule, Global, Module } from '@nestjs/common';
import { SETTINGS, Settings } from './settings';

/** The validated settings, read once at boot, injectable everywhere as SETTINGS. */
@Global()
@Module({})
export class SettingsModule {
  static forRoot(settings: Settings): DynamicModule {
    return { module: SettingsModule, providers: [{ provide: SETTINGS, useValue: settings }], exports: [SETTINGS] };
  }
}
